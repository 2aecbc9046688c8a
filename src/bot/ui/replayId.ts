/**
 * The custom_ids of a replay's controls: `r:<gameId>:<step>:<control>`. They carry the game and the
 * step only (never a card); the control tells apart buttons that lead to the same step (⏮ and ◀
 * from move 1), since Discord wants each custom_id of a message to differ.
 */
export const REPLAY_CONTROLS = ["first", "previous", "next", "last", "goTo", "jump", "open"] as const;
export type ReplayControl = (typeof REPLAY_CONTROLS)[number];

export interface ReplayId {
  gameId: number;
  step: number;
  control: ReplayControl;
}

const PREFIX = "r:";
const PATTERN = /^r:(\d{1,12}):(\d{1,6}):([a-zA-Z]{1,12})$/;

export function replayCustomId(gameId: number, step: number, control: ReplayControl): string {
  return `${PREFIX}${gameId}:${step}:${control}`;
}

/** Whether a custom_id is meant for a replay, well formed or not: such an id gets the replay's own refusal. */
export function isReplayId(raw: string): boolean {
  return raw.startsWith(PREFIX);
}

export function parseReplayId(raw: string): ReplayId | null {
  const match = PATTERN.exec(raw);
  const control = match?.[3] as ReplayControl | undefined;
  if (!match || !control || !REPLAY_CONTROLS.includes(control)) return null;
  return { gameId: Number(match[1]), step: Number(match[2]), control };
}
