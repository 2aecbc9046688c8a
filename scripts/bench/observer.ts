import { uploadGame } from "./cost.js";
import { TABLE_FILE } from "./players.js";
import {
  answerSettled,
  type DiscordEmulator,
  type EmulatedInteraction,
  type InteractionResponses,
  type MessageView,
} from "./world.js";

interface ResponseWaiter {
  handle: EmulatedInteraction;
  /** editCount of the clicked message at dispatch: a deferred update (type 6) is done when it grows. */
  editsBefore: number;
  deadline: number;
  resolve: (responses: InteractionResponses | null) => void;
  /** The message behind `@original` when last looked at. */
  originalId: string | null;
}

/** The message a REST path names, e.g. /channels/1/messages/2 or /webhooks/1/token/messages/2. */
const MESSAGE_IN_PATH = /\/messages\/(\d+)/;

interface TableWait {
  version: number;
  /** Date.now() at the click. */
  at: number;
  deadline: number;
}

/** A player waiting until a table shows the version they will act on. */
interface ShownWaiter {
  version: number;
  deadline: number;
  resolve: (shown: boolean) => void;
}

/** A move whose table has not shown it after this long counts as not shown. */
export const TABLE_WAIT_MS = 60_000;

/**
 * Polls the emulator every few ms for everyone: acknowledgements (its `ackLatencies` record),
 * settled responses, and table messages (from the REST requests the bot made: a POST or PATCH in a
 * watched channel is looked at once). The emulator's records are taken and cleared on every poll, so
 * they stay short however long the bench runs. One poller instead of one timer per waiting player
 * keeps the driver's own CPU small next to the bot's.
 */
export class Observer {
  /** Interaction id → ms from INTERACTION_CREATE to the bot's first callback. */
  readonly acks = new Map<string, number>();
  readonly lateAcks: string[] = [];
  readonly violations: string[] = [];
  readonly unknownRoutes: string[] = [];
  errorResponses = 0;
  requests = 0;
  /**
   * The bot's writes: interaction callbacks, writes through interaction webhooks (deferred answers
   * filled in, follow-ups) and channel message writes (tables posted or edited, buttons stripped).
   */
  readonly rest = { callbacks: 0, webhookWrites: 0, channelWrites: 0 };
  /** ms from a move's click to the first table message showing its version (or a later one). */
  readonly tableLatencies: number[] = [];
  /** When (Date.now()) each move of `tableLatencies` was clicked, in the same order. */
  readonly #tableClickedAt: number[] = [];
  /**
   * Bytes of the attachments the bot uploaded, per game kind (by the interaction or channel each
   * upload belongs to, see `uploadGame`), and those tied to no game.
   */
  readonly uploads = { byGame: {} as Record<string, number>, unattributed: 0 };
  /** Interaction id → the game kind it was sent for; channel id → the kind of its watched game. */
  readonly #interactionGame = new Map<string, string>();
  readonly #channelGame = new Map<string, string>();
  /** Interaction id → the channel it was sent in. */
  readonly #interactionChannel = new Map<string, string>();
  tablesMissing = 0;
  /** Game id → newest table version seen; message id → game id for every table message seen. */
  readonly shown = new Map<number, number>();
  readonly tableMessages = new Map<string, number>();
  /** Channel id → the newest table message of its watched game. */
  readonly currentTable = new Map<string, { gameId: number; messageId: string; version: number }>();
  readonly #watched = new Map<string, Set<number>>();
  readonly #dirty = new Set<string>();
  readonly #waiters = new Map<string, ResponseWaiter>();
  /**
   * Message id → the waiting interactions whose answer its edit or deletion can complete (the
   * clicked message, the one behind `@original`): a tick looks only at the answers the bot's
   * requests touched, not at every waiting one.
   */
  readonly #waitersOn = new Map<string, Set<string>>();
  /** Interactions sent since the last tick: each is looked at once (its ack may have come already). */
  #freshWaiters: string[] = [];
  /** The earliest deadline of the waiting answers: until it passes, a tick need not walk them. */
  #nextAnswerDeadline = Number.POSITIVE_INFINITY;
  readonly #tableWaits = new Map<number, TableWait[]>();
  readonly #shownWaiters = new Map<number, ShownWaiter[]>();
  #timer: NodeJS.Timeout | null = null;
  /**
   * The earliest deadline of the table waits and shown waiters: until it passes, a tick need not walk
   * them (one per game, hundreds in the capacity bench, every 5 ms).
   */
  #nextDeadline = Number.POSITIVE_INFINITY;

  /** `alive`: false once the bot is gone; every wait then ends at once. */
  constructor(
    readonly emulator: DiscordEmulator,
    readonly alive: () => boolean = () => true,
  ) {}

  start(everyMs = 5): void {
    this.#timer = setInterval(() => this.tick(), everyMs);
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.tick();
    for (const waiter of this.#waiters.values()) waiter.resolve(null);
    this.#waiters.clear();
    this.#waitersOn.clear();
    for (const waiters of this.#shownWaiters.values()) for (const waiter of waiters) waiter.resolve(false);
    this.#shownWaiters.clear();
  }

  /**
   * The channel's table messages of this game are followed from now on; with its kind, what the bot
   * uploads in the channel counts for that kind.
   */
  watch(channelId: string, gameId: number, gameType?: string): void {
    if (gameType) this.#channelGame.set(channelId, gameType);
    let games = this.#watched.get(channelId);
    if (!games) {
      games = new Set();
      this.#watched.set(channelId, games);
    }
    games.add(gameId);
    // The game's first table may already be posted.
    this.#dirty.add(channelId);
  }

  /**
   * An interaction sent in a channel, for a game of this kind: what the bot uploads through it counts
   * for the kind, and its follow-ups are looked for in that channel only.
   */
  clicked(interactionId: string, gameType: string | null, channelId: string): void {
    if (gameType) this.#interactionGame.set(interactionId, gameType);
    this.#interactionChannel.set(interactionId, channelId);
  }

  unwatch(channelId: string, gameId: number): void {
    this.#watched.get(channelId)?.delete(gameId);
  }

  /** Resolves with the bot's settled response, or null after `timeoutMs` (no ack, or never filled in). */
  response(
    handle: EmulatedInteraction,
    editsBefore: number,
    timeoutMs: number,
  ): Promise<InteractionResponses | null> {
    return new Promise((resolve) => {
      const deadline = Date.now() + timeoutMs;
      this.#waiters.set(handle.id, { handle, editsBefore, deadline, resolve, originalId: null });
      if (handle.messageId !== null) this.#waitOn(handle.messageId, handle.id);
      this.#freshWaiters.push(handle.id);
      this.#nextAnswerDeadline = Math.min(this.#nextAnswerDeadline, deadline);
    });
  }

  /** A move was clicked at `at`: time until a table of `gameId` shows `version` or later. */
  expectTable(gameId: number, version: number, at: number, timeoutMs = TABLE_WAIT_MS): void {
    if ((this.shown.get(gameId) ?? -1) >= version) {
      this.#tableShown(at, Date.now());
      return;
    }
    const waits = this.#tableWaits.get(gameId) ?? [];
    const deadline = Date.now() + timeoutMs;
    waits.push({ version, at, deadline });
    this.#tableWaits.set(gameId, waits);
    this.#nextDeadline = Math.min(this.#nextDeadline, deadline);
  }

  /**
   * Resolves true once a table of `gameId` shows `version` or later (what a player waits for before
   * acting on it), false after `timeoutMs` or when the bot is gone.
   */
  untilShown(gameId: number, version: number, timeoutMs: number): Promise<boolean> {
    if ((this.shown.get(gameId) ?? -1) >= version) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiters = this.#shownWaiters.get(gameId) ?? [];
      const deadline = Date.now() + timeoutMs;
      waiters.push({ version, deadline, resolve });
      this.#shownWaiters.set(gameId, waiters);
      this.#nextDeadline = Math.min(this.#nextDeadline, deadline);
    });
  }

  #tableShown(clickedAt: number, shownAt: number): void {
    this.tableLatencies.push(Math.max(0, shownAt - clickedAt));
    this.#tableClickedAt.push(clickedAt);
  }

  /**
   * Click → table shown for the moves clicked within [from, to], and for those clicked then whose
   * table is still not shown, the time they have waited so far (at least that long).
   */
  tableLatenciesOfClicks(from: number, to: number): { shown: number[]; waiting: number[] } {
    const shown = this.tableLatencies.filter((_, i) => {
      const at = this.#tableClickedAt[i]!;
      return at >= from && at <= to;
    });
    const now = Date.now();
    const waiting: number[] = [];
    for (const waits of this.#tableWaits.values())
      for (const wait of waits) if (wait.at >= from && wait.at <= to) waiting.push(now - wait.at);
    return { shown, waiting };
  }

  get pendingTables(): number {
    let n = 0;
    for (const waits of this.#tableWaits.values()) n += waits.length;
    return n;
  }

  tick(): void {
    const emulator = this.emulator;
    const acks = emulator.ackLatencies;
    const requests = emulator.requests;
    const violations = emulator.violations;
    const unknown = emulator.unknownRoutes;
    const errors = emulator.errorResponses;
    emulator.clearRecords();
    for (const ack of acks) this.acks.set(ack.interactionId, ack.ms);
    for (const v of violations) {
      if (v.kind === "late-ack") this.lateAcks.push(v.message);
      else if (this.violations.length < 200)
        this.violations.push(`${v.kind}: ${v.method} ${v.path}: ${v.message}`);
    }
    for (const route of unknown)
      if (this.unknownRoutes.length < 200) this.unknownRoutes.push(`${route.method} ${route.path}`);
    this.errorResponses += errors.length;
    this.requests += requests.length;
    for (const request of requests) {
      if (request.method === "GET") continue;
      if (request.uploadBytes > 0 && request.status >= 200 && request.status < 300) {
        const game = uploadGame(
          request,
          (id) => this.#interactionGame.get(id),
          (id) => this.#channelGame.get(id),
        );
        if (game) this.uploads.byGame[game] = (this.uploads.byGame[game] ?? 0) + request.uploadBytes;
        else this.uploads.unattributed += request.uploadBytes;
      }
      if (request.path.startsWith("/interactions/")) this.rest.callbacks++;
      else if (request.path.startsWith("/webhooks/")) this.rest.webhookWrites++;
      else if (request.path.startsWith("/channels/")) this.rest.channelWrites++;
    }
    for (const request of requests) {
      if (request.status < 200 || request.status >= 300) continue;
      // A table comes on the channel route or as a click's follow-up on its token (`/webhooks/…`),
      // and is edited on either.
      const onChannel = /^\/channels\/(\d+)\/messages(?:\/(\d+))?$/.exec(request.path);
      const onToken = /^\/webhooks\/\d+\/[^/]+(?:\/messages\/(\d+))?$/.exec(request.path);
      const messageId = onChannel ? onChannel[2] : onToken?.[1];
      if (request.method === "POST" && !messageId) {
        if (onChannel && this.#watched.has(onChannel[1]!)) this.#dirty.add(onChannel[1]!);
        // A follow-up names no channel: its interaction's, if the players sent it; else every watched one.
        else if (onToken) {
          const channelId = request.interactionId
            ? this.#interactionChannel.get(request.interactionId)
            : undefined;
          if (channelId === undefined) for (const watched of this.#watched.keys()) this.#dirty.add(watched);
          else if (this.#watched.has(channelId)) this.#dirty.add(channelId);
        }
      } else if (request.method === "PATCH" && messageId && this.tableMessages.has(messageId)) {
        const message = emulator.message(messageId);
        if (message) this.#noteTable(message, request.at);
      }
    }
    for (const channelId of this.#dirty) this.#scan(channelId);
    this.#dirty.clear();
    this.#settle(this.#touched(acks, requests));
  }

  /**
   * The interactions and messages the bot's requests since the last tick concerned. An answer moves
   * on only by such a request: a callback or a write on the interaction's token (which carry its
   * id), or an edit or deletion of its message (whose id is in the path).
   */
  #touched(
    acks: readonly { interactionId: string }[],
    requests: readonly { method: string; path: string; interactionId: string | null }[],
  ): Set<string> {
    const touched = new Set<string>();
    for (const ack of acks) touched.add(ack.interactionId);
    for (const request of requests) {
      if (request.method === "GET") continue;
      if (request.interactionId) touched.add(request.interactionId);
      const message = MESSAGE_IN_PATH.exec(request.path);
      if (message) touched.add(message[1]!);
    }
    return touched;
  }

  /** The newest messages of a channel: table pictures of watched games. */
  #scan(channelId: string): void {
    const games = this.#watched.get(channelId);
    if (!games || games.size === 0) return;
    // Only the last few: older ones were seen by earlier scans.
    const messages = this.emulator.channelMessages(channelId, { newest: 12 });
    const now = Date.now();
    for (let i = messages.length - 1; i >= 0; i--) this.#noteTable(messages[i]!, now);
  }

  #noteTable(message: MessageView, at: number): void {
    for (const attachment of message.attachments) {
      const match = TABLE_FILE.exec(attachment.filename);
      if (!match) continue;
      const gameId = Number(match[2]);
      const version = Number(match[3]);
      if (!this.#watched.get(message.channelId)?.has(gameId) && !this.tableMessages.has(message.id)) continue;
      this.tableMessages.set(message.id, gameId);
      const current = this.currentTable.get(message.channelId);
      if (
        !current ||
        current.gameId < gameId ||
        (current.gameId === gameId &&
          (current.version < version || BigInt(current.messageId) < BigInt(message.id)))
      ) {
        this.currentTable.set(message.channelId, { gameId, messageId: message.id, version });
      }
      if ((this.shown.get(gameId) ?? -1) < version) {
        this.shown.set(gameId, version);
        const waits = this.#tableWaits.get(gameId);
        if (waits) {
          const left = waits.filter((wait) => {
            if (wait.version > version) return true;
            this.#tableShown(wait.at, at);
            return false;
          });
          if (left.length > 0) this.#tableWaits.set(gameId, left);
          else this.#tableWaits.delete(gameId);
        }
        this.#releaseShown(gameId, (waiter) => waiter.version <= version, true);
      }
    }
  }

  /** Resolves the players waiting on `gameId`'s table whom `done` picks. */
  #releaseShown(gameId: number, done: (waiter: ShownWaiter) => boolean, shown: boolean): void {
    const waiters = this.#shownWaiters.get(gameId);
    if (!waiters) return;
    const left = waiters.filter((waiter) => {
      if (!done(waiter)) return true;
      waiter.resolve(shown);
      return false;
    });
    if (left.length > 0) this.#shownWaiters.set(gameId, left);
    else this.#shownWaiters.delete(gameId);
  }

  #waitOn(messageId: string, interactionId: string): void {
    let waiting = this.#waitersOn.get(messageId);
    if (!waiting) {
      waiting = new Set();
      this.#waitersOn.set(messageId, waiting);
    }
    waiting.add(interactionId);
  }

  #stopWaitingOn(messageId: string | null, interactionId: string): void {
    if (messageId === null) return;
    const waiting = this.#waitersOn.get(messageId);
    waiting?.delete(interactionId);
    if (waiting?.size === 0) this.#waitersOn.delete(messageId);
  }

  #resolve(id: string, waiter: ResponseWaiter, responses: InteractionResponses | null): void {
    this.#waiters.delete(id);
    this.#stopWaitingOn(waiter.handle.messageId, id);
    if (waiter.originalId !== waiter.handle.messageId) this.#stopWaitingOn(waiter.originalId, id);
    waiter.resolve(responses);
  }

  /** The waiting answer is looked at: resolved if complete, else what can complete it noted. */
  #look(id: string, waiter: ResponseWaiter): void {
    const progress = this.emulator.answerProgress(id);
    // The full answer (views of its messages) is built once, when complete.
    if (answerSettled(progress, waiter.editsBefore)) {
      this.#resolve(id, waiter, this.emulator.responsesTo(id));
      return;
    }
    const originalId = progress.message?.id ?? null;
    if (originalId === waiter.originalId) return;
    if (waiter.originalId !== waiter.handle.messageId) this.#stopWaitingOn(waiter.originalId, id);
    waiter.originalId = originalId;
    if (originalId !== null) this.#waitOn(originalId, id);
  }

  #settle(touched: ReadonlySet<string>): void {
    const now = Date.now();
    const alive = this.alive();
    if (!alive) {
      for (const [id, waiter] of this.#waiters) this.#resolve(id, waiter, null);
    }
    const looking = new Set(this.#freshWaiters);
    this.#freshWaiters = [];
    for (const key of touched) {
      if (this.#waiters.has(key)) looking.add(key);
      for (const id of this.#waitersOn.get(key) ?? []) looking.add(id);
    }
    for (const id of looking) {
      const waiter = this.#waiters.get(id);
      if (waiter && this.acks.has(id)) this.#look(id, waiter);
    }
    if (now > this.#nextAnswerDeadline) {
      let next = Number.POSITIVE_INFINITY;
      for (const [id, waiter] of this.#waiters) {
        if (now > waiter.deadline) this.#resolve(id, waiter, null);
        else next = Math.min(next, waiter.deadline);
      }
      this.#nextAnswerDeadline = next;
    }
    if (alive && now <= this.#nextDeadline) return;
    let next = Number.POSITIVE_INFINITY;
    for (const [gameId, waits] of this.#tableWaits) {
      const left = waits.filter((wait) => wait.deadline >= now);
      this.tablesMissing += waits.length - left.length;
      for (const wait of left) next = Math.min(next, wait.deadline);
      if (left.length > 0) this.#tableWaits.set(gameId, left);
      else this.#tableWaits.delete(gameId);
    }
    for (const gameId of [...this.#shownWaiters.keys()])
      this.#releaseShown(gameId, (waiter) => !alive || waiter.deadline < now, false);
    for (const waiters of this.#shownWaiters.values())
      for (const waiter of waiters) next = Math.min(next, waiter.deadline);
    this.#nextDeadline = next;
  }
}
