import { type APIAttachment, type APIMessage, ComponentType, MessageFlags } from "discord-api-types/v10";

/** What a test reads of a message as a reader does: its words, and the alt text of the pictures shown. */

type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isComponentsV2(message: { flags?: number | null }): boolean {
  return ((message.flags ?? 0) & MessageFlags.IsComponentsV2) !== 0;
}

/**
 * Walks components in the order Discord lays them out: a container's and a section's children
 * before what follows them, a section's accessory after its text.
 */
export function walk(components: readonly unknown[], visit: (component: Json) => void): void {
  for (const component of components) {
    if (!isObject(component)) continue;
    visit(component);
    if (component.type === ComponentType.ActionRow) continue;
    if (Array.isArray(component.components)) walk(component.components, visit);
    if (component.accessory !== undefined) walk([component.accessory], visit);
  }
}

/** What a reader reads in words: the content, or every text display of a Components V2 message. */
export function messageText(message: Pick<APIMessage, "content" | "components" | "flags">): string {
  if (!isComponentsV2(message)) return message.content;
  const texts: string[] = [];
  walk(message.components ?? [], (component) => {
    if (component.type === ComponentType.TextDisplay && typeof component.content === "string") {
      texts.push(component.content);
    }
  });
  return texts.join("\n");
}

/** The attachment an unfurled media item shows: by the id Discord resolved it to, or by its name. */
export function attachmentOf(
  media: unknown,
  attachments: readonly APIAttachment[],
): APIAttachment | undefined {
  if (!isObject(media)) return undefined;
  if (typeof media.attachment_id === "string") {
    return attachments.find((attachment) => attachment.id === media.attachment_id);
  }
  const url = typeof media.url === "string" ? media.url : "";
  return url.startsWith("attachment://")
    ? attachments.findLast((attachment) => attachment.filename === url.slice("attachment://".length))
    : undefined;
}

/**
 * The alt text of each attachment a Components V2 message shows (the description of the media
 * gallery item or thumbnail that shows it, else the attachment's own); absent = not shown.
 */
export function shownAttachments(
  message: Pick<APIMessage, "components" | "attachments">,
): Map<string, string | null> {
  const shown = new Map<string, string | null>();
  const note = (media: unknown, description: unknown) => {
    const attachment = attachmentOf(media, message.attachments);
    if (!attachment) return;
    const alt = typeof description === "string" ? description : (attachment.description ?? null);
    if (!shown.has(attachment.id) || shown.get(attachment.id) === null) shown.set(attachment.id, alt);
  };
  walk(message.components ?? [], (component) => {
    if (Array.isArray(component.items)) {
      for (const item of component.items) if (isObject(item)) note(item.media, item.description);
    }
    if (component.type === ComponentType.Thumbnail) note(component.media, component.description);
    if (component.type === ComponentType.File) note(component.file, null);
  });
  return shown;
}

/**
 * The media a Components V2 message shows by web address rather than as its own attachment (a link
 * to another message's file), with the description each is shown with.
 */
export function linkedMedia(
  message: Pick<APIMessage, "components">,
): { url: string; description: string | null }[] {
  const linked: { url: string; description: string | null }[] = [];
  const note = (media: unknown, description: unknown) => {
    if (!isObject(media) || typeof media.url !== "string" || media.url.startsWith("attachment://")) return;
    if (typeof media.attachment_id === "string") return;
    linked.push({ url: media.url, description: typeof description === "string" ? description : null });
  };
  walk(message.components ?? [], (component) => {
    if (component.type === ComponentType.MediaGallery && Array.isArray(component.items)) {
      for (const item of component.items) if (isObject(item)) note(item.media, item.description);
    }
    if (component.type === ComponentType.Thumbnail) note(component.media, component.description);
  });
  return linked;
}
