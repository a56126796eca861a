/** A bad setting: its message is the one line an operator sees. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
