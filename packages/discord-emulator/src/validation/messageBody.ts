import {
  distinctIssues,
  EMPTY_MESSAGE,
  type Issue,
  isObject,
  type Json,
  specIssues,
  underData,
} from "./issues.js";
import { checkMessagePayload } from "./messages.js";

const CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback";
const WEBHOOK = "/webhooks/{webhook_id}/{webhook_token}";

/**
 * The routes a message body is sent on, each as Discord's OpenAPI description spells it, and what
 * the checks of its body depend on: an edit (of a message Discord holds), whether EPHEMERAL means
 * something there, and whether the message is the `data` of an interaction callback.
 */
export const MESSAGE_ROUTES = {
  createMessage: {
    method: "POST",
    spec: "/channels/{channel_id}/messages",
    isEdit: false,
    ephemeralAllowed: false,
    callback: false,
  },
  editMessage: {
    method: "PATCH",
    spec: "/channels/{channel_id}/messages/{message_id}",
    isEdit: true,
    ephemeralAllowed: false,
    callback: false,
  },
  /** A callback of type 4 (CHANNEL_MESSAGE_WITH_SOURCE): the message is the body's `data`. */
  interactionReply: { method: "POST", spec: CALLBACK, isEdit: false, ephemeralAllowed: true, callback: true },
  /** A callback of type 7 (UPDATE_MESSAGE): an edit of the message the component is on. */
  interactionUpdate: {
    method: "POST",
    spec: CALLBACK,
    isEdit: true,
    ephemeralAllowed: false,
    callback: true,
  },
  followUp: { method: "POST", spec: WEBHOOK, isEdit: false, ephemeralAllowed: true, callback: false },
  editOriginal: {
    method: "PATCH",
    spec: `${WEBHOOK}/messages/@original`,
    isEdit: true,
    ephemeralAllowed: true,
    callback: false,
  },
  editFollowUp: {
    method: "PATCH",
    spec: `${WEBHOOK}/messages/{message_id}`,
    isEdit: true,
    ephemeralAllowed: true,
    callback: false,
  },
} as const;

export type MessageRoute = keyof typeof MESSAGE_ROUTES;

/** A file uploaded with the request: `index` is n of its multipart field `files[n]`. */
export interface Upload {
  index: number;
  filename: string;
}

/** What the checks of an edit read of the message Discord holds (an APIMessage is one). */
export interface EditedMessage {
  content: string;
  embeds: readonly unknown[];
  components?: readonly unknown[];
  attachments: readonly { id: string; filename: string }[];
  flags?: number;
}

/**
 * Everything Discord would refuse or ignore in one message body sent on `route` (for a callback, the
 * whole callback body): Discord's OpenAPI description, then the documented limits it does not encode
 * (`checkMessagePayload`), given the files uploaded with it and, for an edit, the message it edits.
 * The emulator's REST answers every message request by these issues (less the bytes of the files,
 * which it checks besides), so whoever checks a body here sees what the emulator would answer.
 */
export function messageBodyIssues(
  route: MessageRoute,
  body: unknown,
  uploads: readonly Upload[] = [],
  edited: EditedMessage | null = null,
): Issue[] {
  const { method, spec, isEdit, ephemeralAllowed, callback } = MESSAGE_ROUTES[route];
  const request = isObject(body) ? body : {};
  const payload = callback ? (isObject(request.data) ? request.data : {}) : request;
  const declared = Array.isArray(payload.attachments) ? payload.attachments.filter(isObject) : null;
  const kept = edited
    ? edited.attachments.filter(
        (attachment) => !declared || declared.some((entry) => String(entry.id) === attachment.id),
      )
    : [];
  const uploadNames = uploads.map((file) => {
    const entry = declared?.find((candidate) => String(candidate.id) === String(file.index));
    return typeof entry?.filename === "string" ? entry.filename : file.filename;
  });
  const documented = checkMessagePayload(payload, {
    fileCount: uploads.length,
    keptAttachments: edited ? (declared ? declared.length : kept.length) : 0,
    attachmentNames: [...uploadNames, ...kept.map((attachment) => attachment.filename)],
    isEdit,
    ephemeralAllowed,
    existingFlags: edited?.flags ?? 0,
    ...(edited ? editedMessage(edited, kept) : {}),
  });
  const issues = distinctIssues([
    ...specIssues(method, spec, body),
    ...(callback ? underData(documented) : documented),
  ]);
  // An edit that leaves a deferred ("thinking") reply with nothing in it fails like an empty send.
  if (isEdit && edited && editLeavesEmpty(edited, payload, uploads.length)) {
    issues.push({ severity: "error", code: EMPTY_MESSAGE, message: "Cannot send an empty message" });
  }
  return issues;
}

/** What the checks of an edit need to know of the message it edits. */
function editedMessage(message: EditedMessage, kept: readonly { id: string; filename: string }[]) {
  return {
    existingComponents: [...(message.components ?? [])],
    keptFiles: kept.map((attachment) => ({ id: attachment.id, filename: attachment.filename })),
    existingLegacyFields: [
      ...(message.content.trim() ? ["content"] : []),
      ...(message.embeds.length > 0 ? ["embeds"] : []),
    ],
  };
}

function editLeavesEmpty(message: EditedMessage, payload: Json, newFiles: number): boolean {
  const content = "content" in payload ? payload.content : message.content;
  const embeds = "embeds" in payload ? payload.embeds : message.embeds;
  const components = "components" in payload ? payload.components : message.components;
  const kept = Array.isArray(payload.attachments) ? payload.attachments.length : message.attachments.length;
  const has = (value: unknown) => Array.isArray(value) && value.length > 0;
  return (
    !(typeof content === "string" && content.trim()) &&
    !has(embeds) &&
    !has(components) &&
    kept + newFiles === 0
  );
}
