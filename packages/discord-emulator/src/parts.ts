import {
  type APIAttachment,
  type APIMessage,
  type APIMessageTopLevelComponent,
  ComponentType,
} from "discord-api-types/v10";
import { componentsOf } from "./interactions.js";
import { attachmentOf, isComponentsV2, isObject, walk } from "./reading.js";
import type { ComponentView, MessagePart } from "./types.js";

/**
 * The parts of a message in the order a reader meets them: text, pictures (and other files), and
 * controls (one part per action row or button accessory). A legacy message reads content,
 * attachments, embeds, then its rows; a Components V2 message reads its components in order.
 */
export function partsOf(message: {
  readonly raw: Pick<APIMessage, "content" | "components" | "flags" | "attachments" | "embeds">;
}): MessagePart[] {
  const raw = message.raw;
  const parts: MessagePart[] = [];
  const controls = (components: APIMessageTopLevelComponent[]) => {
    const found: ComponentView[] = componentsOf({ components });
    if (found.length > 0) parts.push({ kind: "controls", controls: found });
  };
  const file = (attachment: APIAttachment | undefined, alt: string | null) => {
    if (!attachment) return;
    const picture = attachment.content_type?.startsWith("image/") ?? false;
    parts.push({ kind: picture ? "picture" : "file", filename: attachment.filename, alt });
  };
  if (!isComponentsV2(raw)) {
    if (raw.content) parts.push({ kind: "text", text: raw.content });
    for (const attachment of raw.attachments) file(attachment, attachment.description ?? null);
    for (const embed of raw.embeds) {
      const text = [
        embed.title,
        embed.description,
        ...(embed.fields ?? []).map((f) => `${f.name}\n${f.value}`),
      ]
        .filter(Boolean)
        .join("\n");
      if (text) parts.push({ kind: "text", text });
    }
    controls(raw.components ?? []);
    return parts;
  }
  walk(raw.components ?? [], (component) => {
    switch (component.type) {
      case ComponentType.TextDisplay:
        parts.push({ kind: "text", text: String(component.content ?? "") });
        break;
      case ComponentType.MediaGallery:
        for (const item of Array.isArray(component.items) ? component.items : []) {
          if (!isObject(item)) continue;
          const attachment = attachmentOf(item.media, raw.attachments);
          const alt = typeof item.description === "string" ? item.description : null;
          if (attachment) file(attachment, alt ?? attachment.description ?? null);
          else parts.push({ kind: "picture", filename: null, alt });
        }
        break;
      case ComponentType.Thumbnail:
        file(
          attachmentOf(component.media, raw.attachments),
          typeof component.description === "string" ? component.description : null,
        );
        break;
      case ComponentType.File:
        file(attachmentOf(component.file, raw.attachments), null);
        break;
      case ComponentType.ActionRow:
      case ComponentType.Button:
        controls([component as unknown as APIMessageTopLevelComponent]);
        break;
      default:
        break;
    }
  });
  return parts;
}
