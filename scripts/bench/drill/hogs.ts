import { type ChildProcess, spawn } from "node:child_process";

/**
 * CPU hogs beside the cluster, as on a busy machine: each a `yes > /dev/null` process. They are
 * killed by `stop`, and with this process if it ends first.
 */
export class CpuHogs {
  readonly #hogs = new Set<ChildProcess>();
  readonly #onExit = () => this.stop();

  start(count: number): void {
    if (count > 0 && this.#hogs.size === 0) process.once("exit", this.#onExit);
    for (let i = 0; i < count; i++) {
      const hog = spawn("yes", [], { stdio: ["ignore", "ignore", "ignore"] });
      hog.once("exit", () => this.#hogs.delete(hog));
      this.#hogs.add(hog);
    }
  }

  get running(): number {
    return this.#hogs.size;
  }

  stop(): void {
    for (const hog of this.#hogs) hog.kill("SIGKILL");
    this.#hogs.clear();
    process.removeListener("exit", this.#onExit);
  }
}
