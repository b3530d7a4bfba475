// Mocha helper for the emulator's own tests: one emulator per suite, reset before each test,
// and a bare HTTP caller so the tests exercise the emulator, not any client code.
import { request as httpRequest } from 'node:http';
import { EmulatorControl } from '../../emulator/control-client';
import { type EmulatorOptions, type RunningEmulator, startEmulator } from '../../emulator/server';

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or undefined when the body was not JSON. */
  json: unknown;
}

export interface CallInit {
  body?: unknown;
  /** Sent as-is instead of JSON.stringify(body). */
  rawBody?: string;
  /** The bearer key; null sends no Authorization header. Default: the emulator's key. */
  key?: string | null;
  headers?: Record<string, string>;
}

export interface EmulatorHarness {
  readonly emu: RunningEmulator;
  readonly control: EmulatorControl;
  call(method: string, path: string, init?: CallInit): Promise<CallResult>;
  /** node:http request with the path sent byte for byte (fetch normalises `%2E%2E`). */
  raw(method: string, rawPath: string): Promise<CallResult>;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Registers before/after/beforeEach hooks in the calling `describe`. */
export function useEmulator(options: EmulatorOptions = {}): EmulatorHarness {
  let emu: RunningEmulator | undefined;
  let control: EmulatorControl | undefined;
  const running = (): RunningEmulator => {
    if (!emu) throw new Error('emulator not started');
    return emu;
  };
  before(async () => {
    emu = await startEmulator({ port: 0, quiet: true, jobMinMs: 3_600_000, jobMaxMs: 7_200_000, today: '2026-03-15', ...options });
    control = new EmulatorControl(emu.baseUrl);
  });
  after(async () => {
    await emu?.close();
  });
  beforeEach(async () => {
    await control?.reset();
  });
  return {
    get emu() {
      return running();
    },
    get control() {
      if (!control) throw new Error('emulator not started');
      return control;
    },
    async call(method, path, init = {}) {
      const key = init.key === undefined ? running().key : init.key;
      const headers: Record<string, string> = { ...(key === null ? {} : { authorization: `Bearer ${key}` }), ...init.headers };
      let body: string | undefined = init.rawBody;
      if (body === undefined && init.body !== undefined) body = JSON.stringify(init.body);
      if (body !== undefined) headers['content-type'] ??= 'application/json';
      const response = await fetch(running().baseUrl + path, { method, headers, ...(body === undefined ? {} : { body }) });
      const text = await response.text();
      return { status: response.status, headers: response.headers, text, json: parse(text) };
    },
    raw(method, rawPath) {
      const { port, key } = running();
      return new Promise((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, method, path: rawPath, headers: { authorization: `Bearer ${key}` } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') headers.set(name, value);
            resolve({ status: res.statusCode ?? 0, headers, text, json: parse(text) });
          });
        });
        req.on('error', reject);
        req.end();
      });
    },
  };
}

/** Narrows a parsed body to an object for property access in assertions. */
export function obj(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`expected a JSON object, got ${JSON.stringify(value)}`);
  return value as Record<string, unknown>;
}
