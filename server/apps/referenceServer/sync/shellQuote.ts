/** shlex.join: quote only arguments with characters a POSIX shell would treat specially. */
export function shellJoin(args: string[]): string {
  return args.map(shellQuote).join(' ');
}

export function shellQuote(arg: string): string {
  if (arg === '') return "''";
  if (!/[^\w@%+=:,./-]/.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'"'"'`)}'`;
}
