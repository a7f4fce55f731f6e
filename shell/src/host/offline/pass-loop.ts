/**
 * Runs one pass at a time. A kick that arrives during a pass is not lost: one more pass follows,
 * for as long as `canRun` holds (the uploaders stop between passes when the device goes offline).
 */
export class PassLoop {
  private running = false;
  private rerun = false;

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly canRun: () => boolean,
  ) {}

  get active(): boolean {
    return this.running;
  }

  async run(): Promise<void> {
    if (!this.canRun()) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.rerun = false;
        await this.pass();
      } while (this.rerun && this.canRun());
    } finally {
      this.running = false;
    }
  }
}
