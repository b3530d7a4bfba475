/** The host suites start the emulator with this key; the extension reads it from its environment. */
export const hostTestKey = 'mint_hosttest_3f9a1c7e5b2d4068';
