import type { Proposal } from "../../engine/core/agreement.js";
import type { PlayerId } from "../../engine/core/game.js";
import type { Words } from "../../i18n/index.js";
import type { Picture } from "../../render/jobs.js";
import { buttonRow, buttonRows, selectRow } from "./components.js";
import type { ButtonSpec, Row, SelectOption } from "./controls.js";
import { RESERVED_ACTIONS } from "./customId.js";
import { nameOf } from "./helpers.js";
import type { Names, Payload, TableRef } from "./types.js";

/**
 * The shared pieces of a private panel. A game's UI module picks pieces and fills in its words;
 * the pieces build the components and read clicks back, always through a `Codec`, so no custom_id
 * argument or select value reaches a game unchecked.
 */

/** How a typed value travels in a custom_id argument or a select value, and is read back safely. */
export interface Codec<T> {
  encode(value: T): string;
  /** The value, or null for anything this codec did not write (old, forged or malformed input). */
  decode(raw: string | undefined): T | null;
}

/** A small index below `length` (a hand position, a pile, a column). */
export function indexCodec(length: number): Codec<number> {
  return {
    encode: (n) => String(n),
    decode(raw) {
      if (raw === undefined || !/^\d{1,3}$/.test(raw)) return null;
      const n = Number(raw);
      return n < length ? n : null;
    },
  };
}

/** A seated player, by seat number (ids stay out of custom_ids). */
export function seatCodec(players: readonly PlayerId[]): Codec<PlayerId> {
  const seats = indexCodec(players.length);
  return {
    encode: (player) => seats.encode(players.indexOf(player)),
    decode(raw) {
      const seat = seats.decode(raw);
      return seat === null ? null : (players[seat] ?? null);
    },
  };
}

/** One of a fixed list of names ("up", "down"; suits...). */
export function enumCodec<T extends string>(values: readonly T[]): Codec<T> {
  return {
    encode: (value) => value,
    decode: (raw) => ((values as readonly string[]).includes(raw ?? "") ? (raw as T) : null),
  };
}

/** Two values joined by "-" (a pair of columns "2-8", a card and a pile "3-1"). */
export function pairCodec<A, B>(first: Codec<A>, second: Codec<B>): Codec<[A, B]> {
  return {
    encode: ([a, b]) => `${first.encode(a)}-${second.encode(b)}`,
    decode(raw) {
      const parts = (raw ?? "").split("-");
      if (parts.length !== 2) return null;
      const a = first.decode(parts[0]);
      const b = second.decode(parts[1]);
      return a === null || b === null ? null : [a, b];
    },
  };
}

/** Every value decodes, or the whole list is refused (a multi-select's values). */
export function decodeAll<T>(codec: Codec<T>, raws: readonly string[]): T[] | null {
  const out: T[] = [];
  for (const raw of raws) {
    const value = codec.decode(raw);
    if (value === null) return null;
    out.push(value);
  }
  return out;
}

/** Refresh, and Back when a choice is open: the last row of most panels. */
export function navRow(
  ref: TableRef,
  words: Words,
  options: { back?: boolean | string; extra?: ButtonSpec[] } = {},
): Row {
  const buttons: ButtonSpec[] = [...(options.extra ?? [])];
  if (options.back)
    buttons.push({
      action: RESERVED_ACTIONS.back,
      label: options.back === true ? words("kit.back") : options.back,
    });
  buttons.push({ action: RESERVED_ACTIONS.refresh, label: words("kit.refresh") });
  return buttonRow(ref, buttons);
}

/** What a panel shows: its lines, its rows and, if any, its picture. */
export interface PanelParts {
  lines: string[];
  rows: Row[];
  picture?: Picture;
}

/** A panel: its lines, its picture, then the notice (a refusal, a hint) beside the controls it is about. */
export function panelPayload(notice: string | null, parts: PanelParts): Payload {
  return {
    content: parts.lines.join("\n"),
    pictures: parts.picture ? [parts.picture] : [],
    ...(notice ? { notice } : {}),
    components: parts.rows.slice(0, 5),
  };
}

/**
 * The viewer's view less the fields only the panel's words need (the viewer, their legal moves…):
 * the view everyone sees, in the same field order. A panel picture drawn from it with the table's
 * painter and options is the very picture of the public table, so the two are drawn once.
 */
export function tableViewOf<V extends object, K extends keyof V>(
  view: V,
  privateKeys: readonly K[],
): Omit<V, K> {
  const table = { ...view };
  for (const key of privateKeys) delete table[key];
  return table;
}

/** A player who must wait: who is awaited, what the viewer may want to know meanwhile, Refresh. */
export function waitingPanel(
  ref: TableRef,
  words: Words,
  names: Names,
  awaited: readonly PlayerId[],
  doing: string,
  extra: string[] = [],
): PanelParts {
  const who =
    awaited.length > 0 ? words.list(awaited.map((p) => nameOf(names, p, words))) : words("kit.theOthers");
  return {
    lines: [words("kit.waiting", { who, doing }), ...extra],
    rows: [navRow(ref, words)],
  };
}

/** Before a move that would end or hurt the game: say why, then "do it anyway" or cancel. */
export function confirmPanel(ref: TableRef, words: Words, warning: string, confirm: ButtonSpec): PanelParts {
  return {
    lines: [`⚠️ ${warning}`],
    rows: [
      buttonRow(ref, [
        { style: "danger", ...confirm },
        { action: RESERVED_ACTIONS.back, label: words("kit.cancel") },
      ]),
    ],
  };
}

/** A choice offered by a two-step picker. */
export interface PickOption<T> {
  value: T;
  label: string;
  description?: string;
}

/** A target of the two-step picker; disabled targets are shown so the player sees why not. */
export interface PickTarget<T> {
  value: T;
  label: string;
  enabled: boolean;
}

/**
 * The two-step source → target picker: a select of sources (a card, a column, a pile top); once a
 * source is chosen, one button per target. The select's action reports the source (its value is
 * the encoded source); each target button carries both, so a target click is a whole move.
 */
export interface Picker<Src, Tgt> {
  sourceAction: string;
  targetAction: string;
  source: Codec<Src>;
  target: Codec<Tgt>;
}

export function pickerRows<Src, Tgt>(
  ref: TableRef,
  picker: Picker<Src, Tgt>,
  spec: {
    placeholder: string;
    sources: PickOption<Src>[];
    chosen: Src | null;
    targets: PickTarget<Tgt>[];
  },
): Row[] {
  const chosen = spec.chosen === null ? null : picker.source.encode(spec.chosen);
  const options: SelectOption[] = spec.sources.map((s) => {
    const value = picker.source.encode(s.value);
    return {
      value,
      label: s.label,
      ...(s.description ? { description: s.description } : {}),
      default: value === chosen,
    };
  });
  const rows: Row[] = [];
  if (options.length > 0) rows.push(selectRow(ref, picker.sourceAction, spec.placeholder, options));
  if (chosen !== null) {
    rows.push(
      ...buttonRows(
        ref,
        spec.targets.map((t) => ({
          action: picker.targetAction,
          args: [chosen, picker.target.encode(t.value)],
          label: t.label,
          style: t.enabled ? "success" : "secondary",
          disabled: !t.enabled,
        })),
      ),
    );
  }
  return rows;
}

/** A picker click read back: a chosen source, a whole (source, target) pick, or not this picker's. */
export type PickClick<Src, Tgt> =
  | { kind: "source"; source: Src }
  | { kind: "pick"; source: Src; target: Tgt }
  | { kind: "malformed" }
  | null;

export function readPick<Src, Tgt>(
  picker: Picker<Src, Tgt>,
  click: { action: string; args: readonly string[]; values: readonly string[] },
): PickClick<Src, Tgt> {
  if (click.action === picker.sourceAction) {
    const source = picker.source.decode(click.values[0]);
    return source === null ? { kind: "malformed" } : { kind: "source", source };
  }
  if (click.action === picker.targetAction) {
    const source = picker.source.decode(click.args[0]);
    const target = picker.target.decode(click.args[1]);
    return source === null || target === null ? { kind: "malformed" } : { kind: "pick", source, target };
  }
  return null;
}

/** One proposal a player may make in an agreement, as a button. */
export interface AgreementChoice<T> {
  terms: T;
  label: string;
}

/**
 * The propose/confirm agreement (Twelves: roles and starter; Sir Tommy: who is Ascending): the
 * state of the proposal in words, Confirm when the viewer may confirm, one button per proposal
 * (the viewer's own standing proposal greyed out; the other's, which Confirm already offers, left
 * out so no outcome is offered twice), Refresh.
 */
export function agreementPanel<T>(
  ref: TableRef,
  words: Words,
  spec: {
    viewer: PlayerId;
    players: readonly PlayerId[];
    names: Names;
    proposal: Proposal<T> | null;
    /** The terms in words, with "you" for the viewer. */
    describe(terms: T): string;
    choices: AgreementChoice<T>[];
    codec: Codec<T>;
    /** The Confirm button's label for these terms. */
    confirmLabel(terms: T): string;
  },
): PanelParts {
  const { viewer, names, proposal, codec } = spec;
  const others = spec.players.filter((p) => p !== viewer);
  const other = words.list(others.map((p) => nameOf(names, p, words))) || words("kit.theOtherPlayer");
  const lines: string[] = [];
  const rows: Row[] = [];
  if (!proposal) {
    lines.push(words("kit.agreement.none", { other }));
  } else if (proposal.by === viewer) {
    lines.push(words("kit.agreement.mine", { terms: spec.describe(proposal.terms), other }));
  } else {
    lines.push(
      words("kit.agreement.theirs", {
        proposer: nameOf(names, proposal.by, words),
        terms: spec.describe(proposal.terms),
      }),
    );
    rows.push(
      buttonRow(ref, [{ action: AGREE_CONFIRM, label: spec.confirmLabel(proposal.terms), style: "success" }]),
    );
  }
  const standing = proposal ? codec.encode(proposal.terms) : null;
  const mine = proposal?.by === viewer ? standing : null;
  const confirmable = proposal && proposal.by !== viewer ? standing : null;
  rows.push(
    ...buttonRows(
      ref,
      spec.choices
        .filter((c) => codec.encode(c.terms) !== confirmable)
        .map((c) => {
          const value = codec.encode(c.terms);
          return {
            action: AGREE_PROPOSE,
            args: [value],
            label: c.label,
            style: "primary",
            disabled: value === mine,
          };
        }),
    ),
  );
  rows.push(navRow(ref, words));
  return { lines, rows };
}

export const AGREE_PROPOSE = "prop";
export const AGREE_CONFIRM = "confirm";

/** An agreement click read back: propose these terms, confirm, or not the agreement's. */
export function readAgreement<T>(
  codec: Codec<T>,
  click: { action: string; args: readonly string[] },
): { kind: "propose"; terms: T } | { kind: "confirm" } | { kind: "malformed" } | null {
  if (click.action === AGREE_CONFIRM) return { kind: "confirm" };
  if (click.action !== AGREE_PROPOSE) return null;
  const terms = codec.decode(click.args[0]);
  return terms === null ? { kind: "malformed" } : { kind: "propose", terms };
}
