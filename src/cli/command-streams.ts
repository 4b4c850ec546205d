// Where a command writes when it runs as a function (the tests and the local run call it in-process) rather than
// as a process: anything with write(); the process's own streams by default.
export interface CommandStreams {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}
