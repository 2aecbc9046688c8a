import { randomFillSync } from "node:crypto";
import {
  type APIApplicationCommandOptionChoice,
  type APIInteraction,
  type APIMessageReference,
  type APIModalInteractionResponseCallbackData,
  ApplicationCommandType,
  InteractionResponseType,
  InteractionType,
  MessageFlags,
  MessageType,
  type RESTPostAPIInteractionCallbackWithResponseResult,
} from "discord-api-types/v10";
import { createMessage, editMessage, type MessageOrigin, replyReference } from "../messages.js";
import type { StoredInteraction, StoredMessage, World } from "../store.js";
import { checkChoices } from "../validation/commands.js";
import { checkModal } from "../validation/components.js";
import { distinctIssues, INVALID_FORM_BODY } from "../validation/issues.js";
import {
  type Context,
  fail,
  ID,
  isObject,
  ok,
  type RestKit,
  type Result,
  type Route,
  route,
  unknownMessage,
} from "./kit.js";

/** Interaction callbacks and the interaction webhook: follow-ups and edits of responses. */
export class InteractionRoutes {
  readonly #kit: RestKit;
  readonly #world: World;

  constructor(kit: RestKit) {
    this.#kit = kit;
    this.#world = kit.world;
  }

  routes(): Route[] {
    const specWebhook = "/webhooks/{webhook_id}/{webhook_token}";
    const webhook = `/webhooks/${ID}/([^/]+)`;
    return [
      route(
        "POST",
        `/interactions/${ID}/([^/]+)/callback`,
        (ctx) => this.#callback(ctx),
        false,
        "/interactions/{interaction_id}/{interaction_token}/callback",
      ),
      route("POST", webhook, (ctx) => this.#followUp(ctx), false, specWebhook),
      route("GET", `${webhook}/messages/(@original|\\d+)`, (ctx) => this.#webhookMessage(ctx), false),
      route(
        "PATCH",
        `${webhook}/messages/(@original)`,
        (ctx) => this.#webhookMessage(ctx),
        false,
        `${specWebhook}/messages/@original`,
      ),
      route(
        "PATCH",
        `${webhook}/messages/(\\d+)`,
        (ctx) => this.#webhookMessage(ctx),
        false,
        `${specWebhook}/messages/{message_id}`,
      ),
      route("DELETE", `${webhook}/messages/(@original|\\d+)`, (ctx) => this.#webhookMessage(ctx), false),
    ];
  }

  #responseOrigin(stored: StoredInteraction, ephemeral: boolean, loading: boolean): MessageOrigin {
    const handle = stored.handle;
    const fromComponent =
      handle.type === InteractionType.MessageComponent ||
      (handle.type === InteractionType.ModalSubmit && handle.messageId !== null);
    let type = MessageType.ChatInputCommand;
    let reference: APIMessageReference | null = null;
    if (fromComponent) {
      type = MessageType.Reply;
      const source = this.#world.messages.get(handle.messageId ?? "");
      if (source) reference = replyReference(source.message, handle.guildId);
    } else if (
      handle.type === InteractionType.ApplicationCommand &&
      (handle.payload.data as { type?: number } | undefined)?.type !== ApplicationCommandType.ChatInput
    ) {
      type = MessageType.ContextMenuCommand;
    }
    return { type, interaction: stored, reference, ephemeral, audienceUserId: handle.userId, loading };
  }

  #callback(ctx: Context): Result {
    const [id, token] = ctx.params as [string, string];
    const stored = this.#world.interactions.get(id);
    if (!stored || stored.handle.token !== token) return fail(404, 10062, "Unknown interaction");
    ctx.interaction = stored;
    const handle = stored.handle;
    const elapsed = performance.now() - handle.dispatchedAt;
    if (stored.firstCallbackMs === null) {
      stored.firstCallbackMs = elapsed;
      this.#world.ackLatencies.push({
        interactionId: handle.id,
        type: handle.type,
        name: handle.name,
        userId: handle.userId,
        ms: elapsed,
      });
    }
    if (stored.callbacks.length > 0) {
      this.#kit.violation(ctx, "double-ack", `second callback for interaction ${handle.name}`);
      return fail(400, 40060, "Interaction has already been acknowledged.");
    }
    if (elapsed > this.#kit.options.ackDeadlineMs) {
      this.#kit.violation(
        ctx,
        "late-ack",
        `first callback for ${handle.name} after ${Math.round(elapsed)} ms (limit ${this.#kit.options.ackDeadlineMs} ms)`,
      );
      return fail(404, 10062, "Unknown interaction");
    }
    const body = isObject(ctx.body) ? ctx.body : null;
    if (!body || typeof body.type !== "number") {
      this.#kit.violation(ctx, "payload", "interaction callback without a numeric type");
      return fail(400, INVALID_FORM_BODY, "Invalid Form Body", { type: { _errors: ["required"] } });
    }
    const type = body.type as InteractionResponseType;
    const data = isObject(body.data) ? body.data : {};
    if (!this.#callbackTypeAllowed(stored, type)) {
      this.#kit.violation(
        ctx,
        "payload",
        `callback type ${type} is not valid for interaction type ${handle.type}`,
      );
      return fail(400, INVALID_FORM_BODY, "Invalid Form Body", {
        type: { _errors: [{ code: "INTERACTION_RESPONSE_TYPE_INVALID", message: "Invalid response type" }] },
      });
    }
    const channel = this.#world.channels.get(handle.channelId)!;
    let message: StoredMessage | null = null;
    switch (type) {
      case InteractionResponseType.ChannelMessageWithSource: {
        const problem = this.#kit.checkOutgoing(ctx, "interactionReply", null);
        if (problem) return problem;
        const ephemeral = ((data.flags as number | undefined) ?? 0) & MessageFlags.Ephemeral;
        const built = createMessage(
          this.#world,
          channel,
          data,
          ctx.files,
          this.#responseOrigin(stored, !!ephemeral, false),
        );
        if (!built.ok) return this.#kit.issuesResult(ctx, built.issues)!;
        message = built.stored;
        stored.originalMessageId = message.message.id;
        this.#kit.announce("MESSAGE_CREATE", message);
        break;
      }
      case InteractionResponseType.DeferredChannelMessageWithSource: {
        const failed = this.#kit.issuesResult(ctx, this.#kit.bodyIssues(ctx));
        if (failed) return failed;
        const ephemeral = ((data.flags as number | undefined) ?? 0) & MessageFlags.Ephemeral;
        const built = createMessage(
          this.#world,
          channel,
          { flags: data.flags },
          [],
          this.#responseOrigin(stored, !!ephemeral, true),
        );
        if (!built.ok) return this.#kit.issuesResult(ctx, built.issues)!;
        message = built.stored;
        stored.originalMessageId = message.message.id;
        this.#kit.announce("MESSAGE_CREATE", message);
        break;
      }
      case InteractionResponseType.DeferredMessageUpdate: {
        const failed = this.#kit.issuesResult(ctx, this.#kit.bodyIssues(ctx));
        if (failed) return failed;
        message = this.#world.messages.get(handle.messageId ?? "") ?? null;
        stored.originalMessageId = handle.messageId;
        stored.editCountAtAck = message?.editCount ?? 0;
        break;
      }
      case InteractionResponseType.UpdateMessage: {
        const target = this.#world.messages.get(handle.messageId ?? "");
        if (!target || target.deleted) return unknownMessage();
        const problem = this.#kit.checkOutgoing(ctx, "interactionUpdate", target);
        if (problem) return problem;
        const issues = editMessage(this.#world, target, data, ctx.files);
        const failed = this.#kit.issuesResult(ctx, issues);
        if (failed) return failed;
        message = target;
        stored.originalMessageId = target.message.id;
        this.#kit.announce("MESSAGE_UPDATE", target);
        break;
      }
      case InteractionResponseType.ApplicationCommandAutocompleteResult: {
        const failed = this.#kit.issuesResult(
          ctx,
          distinctIssues([...this.#kit.bodyIssues(ctx), ...checkChoices(data)]),
        );
        if (failed) return failed;
        stored.choices = Array.isArray(data.choices)
          ? (data.choices as APIApplicationCommandOptionChoice[])
          : [];
        break;
      }
      case InteractionResponseType.Modal: {
        const failed = this.#kit.issuesResult(
          ctx,
          distinctIssues([...this.#kit.bodyIssues(ctx), ...checkModal(data)]),
        );
        if (failed) return failed;
        stored.modal = data as unknown as APIModalInteractionResponseCallbackData;
        break;
      }
      default:
        return fail(400, INVALID_FORM_BODY, "Invalid Form Body");
    }
    const kept = !this.#world.leanInteractions || type === InteractionResponseType.Modal;
    stored.callbacks.push({ type, atMs: elapsed, data: kept ? (body.data ?? null) : null });
    // Past its first answer nothing reads the payload; a lean record drops it (the clicked message's copy).
    if (this.#world.leanInteractions) stored.handle = { ...handle, payload: leanPayload(handle.payload) };
    if (ctx.query.get("with_response") !== "true") return { status: 204 };
    const response: RESTPostAPIInteractionCallbackWithResponseResult = {
      interaction: {
        id: handle.id,
        type: handle.type,
        ...(message
          ? {
              response_message_id: message.message.id,
              response_message_loading: ((message.message.flags ?? 0) & MessageFlags.Loading) !== 0,
              response_message_ephemeral: message.ephemeral,
            }
          : {}),
      },
      resource: {
        type,
        ...(message && type !== InteractionResponseType.DeferredMessageUpdate
          ? { message: this.#kit.apiMessage(message) }
          : {}),
      },
    };
    return ok(response);
  }

  #callbackTypeAllowed(stored: StoredInteraction, type: InteractionResponseType): boolean {
    const handle = stored.handle;
    switch (handle.type) {
      case InteractionType.ApplicationCommand:
        return [
          InteractionResponseType.ChannelMessageWithSource,
          InteractionResponseType.DeferredChannelMessageWithSource,
          InteractionResponseType.Modal,
        ].includes(type);
      case InteractionType.MessageComponent:
        return [
          InteractionResponseType.ChannelMessageWithSource,
          InteractionResponseType.DeferredChannelMessageWithSource,
          InteractionResponseType.DeferredMessageUpdate,
          InteractionResponseType.UpdateMessage,
          InteractionResponseType.Modal,
        ].includes(type);
      case InteractionType.ApplicationCommandAutocomplete:
        return type === InteractionResponseType.ApplicationCommandAutocompleteResult;
      case InteractionType.ModalSubmit:
        return [
          InteractionResponseType.ChannelMessageWithSource,
          InteractionResponseType.DeferredChannelMessageWithSource,
          ...(handle.messageId
            ? [InteractionResponseType.DeferredMessageUpdate, InteractionResponseType.UpdateMessage]
            : []),
        ].includes(type);
      default:
        return false;
    }
  }

  #webhookInteraction(ctx: Context): StoredInteraction | Result {
    const [appId, token] = ctx.params as [string, string];
    if (appId !== this.#world.applicationId) {
      this.#kit.violation(
        ctx,
        "payload",
        `webhook id ${appId} is not the application id ${this.#world.applicationId}`,
      );
      return fail(404, 10015, "Unknown Webhook");
    }
    const stored = this.#world.interactionsByToken.get(token);
    if (!stored) return fail(401, 50027, "Invalid Webhook Token");
    ctx.interaction = stored;
    if (performance.now() - stored.handle.dispatchedAt > this.#kit.options.tokenLifetimeMs) {
      this.#kit.violation(
        ctx,
        "expired-token",
        `interaction token of ${stored.handle.name} used after it expired`,
      );
      return fail(401, 50027, "Invalid Webhook Token");
    }
    return stored;
  }

  #followUp(ctx: Context): Result {
    const stored = this.#webhookInteraction(ctx);
    if (!("handle" in stored)) return stored;
    if (stored.callbacks.length === 0) {
      this.#kit.violation(
        ctx,
        "followup-before-ack",
        `follow-up for ${stored.handle.name} before any callback`,
      );
      return fail(404, 10015, "Unknown Webhook");
    }
    const payload = isObject(ctx.body) ? ctx.body : {};
    const original = this.#world.messages.get(stored.originalMessageId ?? "");
    const wait = ctx.query.get("wait") === "true";
    // After a deferred reply, Discord turns the first follow-up into the content of the "thinking" message.
    if (original && !original.deleted && (original.message.flags ?? 0) & MessageFlags.Loading) {
      const problem = this.#kit.checkOutgoing(ctx, "followUp", null);
      if (problem) return problem;
      if (((payload.flags as number | undefined) ?? 0) & MessageFlags.Ephemeral && !original.ephemeral) {
        this.#kit.violation(
          ctx,
          "payload",
          "ephemeral follow-up after a public deferReply: it fills the public deferred message (flag ignored)",
        );
      }
      const failed = this.#kit.issuesResult(ctx, editMessage(this.#world, original, payload, ctx.files));
      if (failed) return failed;
      this.#kit.announce("MESSAGE_UPDATE", original);
      return wait ? ok(this.#kit.apiMessage(original)) : { status: 204 };
    }
    const problem = this.#kit.checkOutgoing(ctx, "followUp", null);
    if (problem) return problem;
    const ephemeral = ((payload.flags as number | undefined) ?? 0) & MessageFlags.Ephemeral;
    const channel = this.#world.channels.get(stored.handle.channelId)!;
    const built = createMessage(
      this.#world,
      channel,
      payload,
      ctx.files,
      this.#responseOrigin(stored, !!ephemeral, false),
    );
    if (!built.ok) return this.#kit.issuesResult(ctx, built.issues)!;
    stored.followUpIds.push(built.stored.message.id);
    this.#kit.announce("MESSAGE_CREATE", built.stored);
    return wait ? ok(this.#kit.apiMessage(built.stored)) : { status: 204 };
  }

  #webhookMessage(ctx: Context): Result {
    const stored = this.#webhookInteraction(ctx);
    if (!("handle" in stored)) return stored;
    const which = ctx.params[2]!;
    const messageId = which === "@original" ? stored.originalMessageId : which;
    const owned =
      messageId !== null &&
      (messageId === stored.originalMessageId || stored.followUpIds.includes(messageId));
    const target = owned ? this.#world.messages.get(messageId) : undefined;
    if (!target || target.deleted) {
      if (which === "@original" && stored.callbacks.length === 0) {
        this.#kit.violation(
          ctx,
          "edit-before-ack",
          `${ctx.method} @original of ${stored.handle.name} before any callback`,
        );
      }
      return unknownMessage();
    }
    if (ctx.method === "GET") return ok(this.#kit.apiMessage(target));
    if (ctx.method === "DELETE") {
      target.deleted = true;
      this.#kit.announceDelete(target);
      return { status: 204 };
    }
    const payload = isObject(ctx.body) ? ctx.body : {};
    const problem = this.#kit.checkOutgoing(
      ctx,
      which === "@original" ? "editOriginal" : "editFollowUp",
      target,
    );
    if (problem) return problem;
    if (((payload.flags as number | undefined) ?? 0) & MessageFlags.Ephemeral && !target.ephemeral) {
      this.#kit.violation(
        ctx,
        "payload",
        "EPHEMERAL flag on an edit of a public message is ignored (it stays public)",
      );
    }
    const failed = this.#kit.issuesResult(ctx, editMessage(this.#world, target, payload, ctx.files));
    if (failed) return failed;
    this.#kit.announce("MESSAGE_UPDATE", target);
    return ok(this.#kit.apiMessage(target));
  }
}

export function newInteractionToken(): string {
  if (tokenBytesUsed + TOKEN_BYTES > tokenBytes.length) {
    randomFillSync(tokenBytes);
    tokenBytesUsed = 0;
  }
  const token = tokenBytes.toString("base64url", tokenBytesUsed, tokenBytesUsed + TOKEN_BYTES);
  tokenBytesUsed += TOKEN_BYTES;
  return `aW50ZXJhY3Rpb24${token}`;
}

/**
 * Random bytes for interaction tokens, drawn from the system in batches of 256 tokens: a draw of
 * its own for each interaction was ~3 % of a load bench's rig CPU.
 */
const TOKEN_BYTES = 48;
const tokenBytes = Buffer.alloc(TOKEN_BYTES * 256);
let tokenBytesUsed = tokenBytes.length;

/** What a lean record keeps of an answered interaction's payload: what names it, not what it carried. */
function leanPayload(payload: APIInteraction): APIInteraction {
  const { id, application_id, type, token, version } = payload;
  return { id, application_id, type, token, version } as APIInteraction;
}
