// A catch-up read that runs once at a time (the gateway's line, the featured table's watch): asked again while a
// pass runs, it runs one more pass after it, so no request is lost and no two passes race on the same state.
// Every caller waits for the pass that covers its request.

export class CatchUp {
  private running: Promise<void> | null = null;
  private again = false;

  /**
   * @param pass one read; it returns true when what it read asks for another pass at once.
   * @param settled runs once the loop stops (passes done or one failed), before the callers wake.
   */
  constructor(
    private readonly pass: () => Promise<boolean | void>,
    private readonly settled?: () => void,
  ) {}

  /** Runs the loop, or asks the running one for one more pass; rejects when a pass fails. */
  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        if ((await this.pass()) === true) this.again = true;
      } while (this.again);
    })().finally(() => {
      this.running = null;
      this.settled?.();
    });
    return this.running;
  }
}
