/** Progress lines on stdout; the report itself is printed at the end. */
export function log(message: string): void {
  process.stdout.write(`\x1b[36m›\x1b[0m ${message}\n`);
}
