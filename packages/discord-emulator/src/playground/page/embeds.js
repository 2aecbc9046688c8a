// A message's embeds and attachments (pictures, files).

import { el, keepAtBottom, safeUrl, t } from "./base.js";
import { openLightbox } from "./lightbox.js";
import { inline, link } from "./markdown.js";

export function renderEmbed(embed) {
  const box = el("div", { class: "embed" });
  if (typeof embed.color === "number")
    box.style.borderLeftColor = `#${embed.color.toString(16).padStart(6, "0")}`;
  if (embed.author?.name) box.append(el("div", { class: "embed-author", text: embed.author.name }));
  if (embed.title) {
    const title = el("div", { class: "embed-title" });
    title.append(embed.url ? link(embed.url, inline(embed.title)) : inline(embed.title));
    box.append(title);
  }
  if (embed.description) box.append(el("div", { class: "embed-description" }, inline(embed.description)));
  if (embed.fields?.length) {
    box.append(
      el(
        "div",
        { class: "embed-fields" },
        embed.fields.map((f) =>
          el(
            "div",
            { class: f.inline ? "embed-field inline" : "embed-field" },
            el("div", { class: "embed-field-name" }, inline(f.name)),
            el("div", { class: "embed-field-value" }, inline(f.value)),
          ),
        ),
      ),
    );
  }
  const image = safeUrl(embed.image?.url ?? "");
  if (image) box.append(el("img", { class: "embed-image", src: image, alt: "" }));
  if (embed.footer?.text) box.append(el("div", { class: "embed-footer", text: embed.footer.text }));
  return box;
}

/** A picture in a message fits this box… */
const PICTURE_BOX = { width: 720, height: 480 };
/** …but is never narrower than a phone shows it (the bot's pictures are drawn to be read there), */
const PICTURE_MIN_WIDTH = 440;

/** The width a picture is shown at in a message (never wider than it is drawn, nor than the column: CSS). */
function pictureWidth(width, height) {
  const fitted = Math.min(PICTURE_BOX.width, (PICTURE_BOX.height * width) / height);
  return Math.round(Math.min(width, Math.max(fitted, PICTURE_MIN_WIDTH)));
}

export function renderAttachment(attachment) {
  const url = safeUrl(attachment.url);
  if (!url) return null;
  if (attachment.contentType?.startsWith("image/")) {
    const alt = attachment.description || attachment.filename;
    const sized = attachment.width > 0 && attachment.height > 0;
    const image = el("img", {
      src: url,
      alt,
      "data-testid": "message-image",
      // Its size known before it loads: the list keeps its place while pictures arrive.
      width: sized ? attachment.width : null,
      height: sized ? attachment.height : null,
    });
    if (sized) image.style.width = `${pictureWidth(attachment.width, attachment.height)}px`;
    image.addEventListener("load", () => keepAtBottom());
    const opener = el(
      "a",
      {
        class: "attachment-image",
        href: url,
        target: "_blank",
        rel: "noopener",
        title: t("openPicture", { name: attachment.filename }),
      },
      image,
    );
    opener.addEventListener("click", (event) => {
      // Ctrl/⌘/Shift-click and the middle button still open the file in a new tab or window.
      if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      openLightbox(url, alt);
    });
    return opener;
  }
  return el("a", {
    class: "attachment-file",
    href: url,
    download: attachment.filename,
    text: `📎 ${attachment.filename}`,
  });
}
