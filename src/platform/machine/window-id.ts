// Names this window among the others on the machine: one extension host process per window.
import { randomBytes } from 'node:crypto';

export const thisWindowId = `${process.pid}-${randomBytes(4).toString('hex')}`;
