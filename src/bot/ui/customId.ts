/**
 * The custom_id codec. Game components: `g:<gameId>:<version>:<action>[:<arg>...]`;
 * lobby components: `l:<gameId>:<action>`. Arguments are short tokens (indexes, pile numbers,
 * seat numbers), never a hidden card value. Anything that does not match exactly is refused.
 */
export type ParsedCustomId =
  | { kind: "game"; gameId: number; version: number; action: string; args: string[] }
  | { kind: "lobby"; gameId: number; action: LobbyAction };

const MAX_LENGTH = 100;
const ACTION = /^[a-z][a-zA-Z0-9]{0,23}$/;
const ARG = /^[A-Za-z0-9_-]{1,24}$/;
const NUMBER = /^\d{1,12}$/;

/**
 * The actions the shared code answers on every game's components, before a game's UI sees the
 * click. They share the `g:` namespace with the games' own actions, so a stale or repeated click on
 * them is checked like any other; a game may not name an action after one (`manifestProblems`).
 * Their spelling is kept: buttons already posted in Discord carry them.
 */
export const RESERVED_ACTIONS = {
  /** The table's button that opens the clicker's private panel (table.ts, play.ts). */
  panel: "panel",
  /** A panel's 💡 Hint (panels.ts, hints.ts). */
  hint: "hint",
  /** A panel drawn again as the game stands now (the UI kit's last row). */
  refresh: "refresh",
  /** A panel's choice put back, or a warning declined (the UI kit). */
  back: "back",
  /** A panel's ↩ Take back: the player's latest move of the turn taken back (takeBack.ts). */
  takeBack: "takeBack",
  /** The host's answer to `/game end`: end the game, or keep it (lobby.ts). */
  endGame: "endGame",
  keepGame: "keepGame",
} as const;

export type ReservedAction = (typeof RESERVED_ACTIONS)[keyof typeof RESERVED_ACTIONS];

const RESERVED: ReadonlySet<string> = new Set(Object.values(RESERVED_ACTIONS));

export function isReservedAction(action: string): action is ReservedAction {
  return RESERVED.has(action);
}

/** Whether `action` may name a game's own component: well formed and not a shared one. */
export function gameActionProblem(action: string): "malformed" | "reserved" | null {
  if (!ACTION.test(action)) return "malformed";
  return isReservedAction(action) ? "reserved" : null;
}

export function gameCustomId(
  gameId: number,
  version: number,
  action: string,
  ...args: (string | number)[]
): string {
  const id = ["g", gameId, version, action, ...args].join(":");
  if (!ACTION.test(action) || args.some((a) => !ARG.test(String(a))) || id.length > MAX_LENGTH) {
    throw new Error(`invalid custom_id parts for action ${action}`);
  }
  return id;
}

/**
 * The lobby buttons' actions. `addBot` and `removeBot` seat and unseat a robot; they keep their
 * spelling because buttons already posted in Discord carry them in their custom_id.
 */
export const LOBBY_ACTIONS = ["join", "leave", "start", "addBot", "removeBot"] as const;
export type LobbyAction = (typeof LOBBY_ACTIONS)[number];

export function lobbyCustomId(gameId: number, action: LobbyAction): string {
  return `l:${gameId}:${action}`;
}

export function parseCustomId(raw: string): ParsedCustomId | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  const parts = raw.split(":");
  const [kind, gameId, third, fourth, ...args] = parts;
  if (
    kind === "l" &&
    parts.length === 3 &&
    NUMBER.test(gameId ?? "") &&
    (LOBBY_ACTIONS as readonly string[]).includes(third ?? "")
  ) {
    return { kind: "lobby", gameId: Number(gameId), action: third as LobbyAction };
  }
  if (
    kind === "g" &&
    NUMBER.test(gameId ?? "") &&
    NUMBER.test(third ?? "") &&
    ACTION.test(fourth ?? "") &&
    args.length <= 6 &&
    args.every((a) => ARG.test(a))
  ) {
    return { kind: "game", gameId: Number(gameId), version: Number(third), action: fourth as string, args };
  }
  return null;
}
