// The shown channel's messages as the current member sees them, with their buttons and menus.
// The buttons and menus live here with the list: after a click the list is fetched again.

import { $, api, channelById, el, keepAtBottom, member, safeUrl, showNotice, state, t } from "./base.js";
import { renderAttachment, renderEmbed } from "./embeds.js";
import { blocks } from "./markdown.js";
import { messageTime } from "./time.js";

const BOT_NAME = "CardTable";

// ---- components ----------------------------------------------------------------------------------

/** Posts a click or a choice as the current member, then shows what the bot answered. */
async function act(control, path, body) {
  control.classList.add("busy");
  const result = await api(path, { as: state.as, ...body });
  control.classList.remove("busy");
  if (result.ok === false) showNotice(result.error ?? t("interactionFailed"));
  await refreshMessages();
}

function emojiText(emoji) {
  if (!emoji?.name) return "";
  return emoji.id ? `:${emoji.name}:` : emoji.name;
}

function renderButton(message, button) {
  const label = [emojiText(button.emoji), button.label].filter(Boolean).join(" ");
  if (button.url) {
    return el("a", {
      class: "button style-5",
      href: safeUrl(button.url),
      target: "_blank",
      rel: "noopener",
      text: `${label} ↗`,
    });
  }
  const node = el("button", {
    type: "button",
    class: `button style-${button.style ?? 2}`,
    "data-testid": "component-button",
    "data-custom-id": button.custom_id,
    disabled: Boolean(button.disabled),
    text: label,
  });
  node.addEventListener("click", () =>
    act(node, "/api/click", { message: message.id, customId: button.custom_id }),
  );
  return node;
}

function renderSelect(message, menu) {
  const min = menu.min_values ?? 1;
  const max = menu.max_values ?? 1;
  const multiple = max > 1;
  const select = el("select", {
    class: "select",
    "data-testid": "component-select",
    "data-custom-id": menu.custom_id,
    disabled: Boolean(menu.disabled),
    multiple,
    size: multiple ? Math.min(menu.options.length, 8) : null,
    "aria-label": menu.placeholder ?? t("makeSelection"),
  });
  if (!multiple) {
    select.append(
      el("option", {
        value: "",
        disabled: true,
        selected: !menu.options.some((o) => o.default),
        text: menu.placeholder ?? t("makeSelection"),
      }),
    );
  }
  for (const option of menu.options) {
    const text = [emojiText(option.emoji), option.label].filter(Boolean).join(" ");
    select.append(
      el("option", {
        value: option.value,
        selected: Boolean(option.default),
        title: option.description,
        text: option.description ? `${text} — ${option.description}` : text,
      }),
    );
  }
  if (!multiple) {
    select.addEventListener("change", () =>
      act(select, "/api/select", { message: message.id, customId: menu.custom_id, values: [select.value] }),
    );
    return el("div", { class: "select-single" }, select);
  }
  const chosen = () => [...select.selectedOptions].map((o) => o.value);
  const submit = el("button", {
    type: "button",
    class: "button style-1",
    "data-testid": "component-select-submit",
    text: t("choose"),
  });
  const hint = el("span", { class: "select-hint" });
  const update = () => {
    const count = chosen().length;
    submit.disabled = Boolean(menu.disabled) || count < min || count > max;
    hint.textContent =
      min === max ? t("chooseExactly", { max, count }) : t("chooseBetween", { min, max, count });
  };
  select.addEventListener("change", update);
  // A click toggles one option, as Discord's menu does, instead of replacing the choice (Ctrl-click).
  select.addEventListener("mousedown", (event) => {
    if (!(event.target instanceof HTMLOptionElement) || select.disabled) return;
    event.preventDefault();
    event.target.selected = !event.target.selected;
    select.focus();
    update();
  });
  submit.addEventListener("click", () =>
    act(submit, "/api/select", { message: message.id, customId: menu.custom_id, values: chosen() }),
  );
  update();
  return el(
    "div",
    { class: "select-multi" },
    menu.placeholder ? el("div", { class: "select-placeholder", text: menu.placeholder }) : null,
    select,
    el("div", { class: "select-actions" }, submit, hint),
  );
}

function renderComponent(message, component) {
  const children = () => (component.components ?? []).map((c) => renderComponent(message, c));
  switch (component.type) {
    case 1:
      return el("div", { class: "action-row" }, children());
    case 2:
      return renderButton(message, component);
    case 3:
      return renderSelect(message, component);
    case 9:
      return el(
        "div",
        { class: "v2-section" },
        el("div", { class: "v2-section-text" }, children()),
        component.accessory
          ? el("div", { class: "v2-section-accessory" }, renderComponent(message, component.accessory))
          : null,
      );
    case 10:
      return el(
        "div",
        { class: "text-display", "data-testid": "text-display" },
        blocks(component.content ?? ""),
      );
    case 11:
      return el(
        "div",
        { class: "v2-thumbnail" },
        renderMedia(message, component.media, component.description),
      );
    case 12:
      return el(
        "div",
        {
          class: `media-gallery items-${Math.min(component.items.length, 3)}`,
          "data-testid": "media-gallery",
        },
        component.items.map((item) => renderMedia(message, item.media, item.description)),
      );
    case 13:
      return renderMedia(message, component.file, null);
    case 14:
      return el("div", {
        class: ["v2-separator", component.divider !== false && "divider", component.spacing === 2 && "large"]
          .filter(Boolean)
          .join(" "),
        role: "separator",
      });
    case 17: {
      const box = el("div", { class: "v2-container", "data-testid": "container" }, children());
      if (typeof component.accent_color === "number")
        box.style.borderLeftColor = `#${component.accent_color.toString(16).padStart(6, "0")}`;
      else box.classList.add("no-accent");
      return box;
    }
    default:
      return el("div", { class: "component-group" }, children());
  }
}

/**
 * An unfurled media item: the message's attachment it was resolved to (a picture opens in the
 * lightbox, its alt text the item's description), else the link it names.
 */
function renderMedia(message, media, description) {
  const attachment = message.attachments.find((a) => a.id === media?.attachment_id);
  if (attachment)
    return renderAttachment({ ...attachment, description: description ?? attachment.description });
  const url = safeUrl(media?.url ?? "");
  if (!url) return null;
  return renderAttachment({
    url,
    contentType: "image/*",
    filename: url,
    description,
    width: null,
    height: null,
  });
}

// ---- messages ------------------------------------------------------------------------------------

function renderMessage(message) {
  const mentioned = message.mentions.includes(state.as);
  const classes = ["message", message.ephemeral && "ephemeral", mentioned && "mentioned"].filter(Boolean);
  const author = message.authorIsBot ? BOT_NAME : (member(message.interactionUserId)?.name ?? t("member"));
  const content = el("div", { class: "message-content", "data-testid": "message-content" });
  if (message.loading) {
    content.classList.add("thinking");
    content.textContent = t("thinking", { bot: BOT_NAME });
  } else {
    // A Components V2 message is its components: text displays, pictures and controls in their order.
    if (message.componentsV2) {
      content.classList.add("v2");
      content.append(...message.components.map((c) => renderComponent(message, c)));
    } else content.append(blocks(message.content));
    if (message.edited)
      content.append(el("span", { class: "edited", title: t("editedTitle"), text: ` ${t("edited")}` }));
  }
  const thread = message.threadId && channelById(message.threadId);
  return el(
    "article",
    {
      class: classes.join(" "),
      "data-testid": "message",
      "data-message-id": message.id,
      "data-ephemeral": message.ephemeral ? "true" : null,
    },
    message.interactionUserId
      ? el("div", {
          class: "message-context",
          text: t("answerTo", { name: member(message.interactionUserId)?.name ?? t("someone") }),
        })
      : null,
    el("div", { class: "avatar", "aria-hidden": "true", text: author.slice(0, 1).toUpperCase() }),
    el(
      "div",
      { class: "message-body" },
      el(
        "div",
        { class: "message-header" },
        el("span", { class: "author", text: author }),
        message.authorIsBot ? el("span", { class: "bot-tag", text: "BOT" }) : null,
        messageTime(message.id),
      ),
      content,
      message.embeds.map(renderEmbed),
      message.attachments.length && !message.componentsV2
        ? el("div", { class: "attachments" }, message.attachments.map(renderAttachment))
        : null,
      message.components.length && !message.componentsV2
        ? el(
            "div",
            { class: "components" },
            message.components.map((c) => renderComponent(message, c)),
          )
        : null,
      thread ? el("a", { href: `#${thread.id}`, class: "thread-link", text: `🧵 ${thread.name} ›` }) : null,
      message.ephemeral ? el("div", { class: "ephemeral-note", text: t("onlyYou") }) : null,
    ),
  );
}

/** Until its pictures have loaded, a rebuilt message keeps its old height: the list does not jump. */
function holdHeight(node, height) {
  const images = [...node.querySelectorAll("img")];
  if (images.length === 0) return;
  node.style.minHeight = `${height}px`;
  let waiting = images.length;
  const loaded = () => {
    waiting--;
    if (waiting === 0) node.style.minHeight = "";
  };
  for (const image of images) {
    image.addEventListener("load", loaded, { once: true });
    image.addEventListener("error", loaded, { once: true });
  }
}

function showMessages(messages, { scroll }) {
  const list = $("messages");
  const known = new Set(state.rendered.keys());
  const next = new Map();
  const nodes = messages.map((message) => {
    const signature = JSON.stringify(message);
    const old = state.rendered.get(message.id);
    if (old && old.signature === signature) {
      next.set(message.id, old);
      return old.node;
    }
    const node = renderMessage(message);
    if (old?.node.isConnected) holdHeight(node, old.node.offsetHeight);
    next.set(message.id, { signature, node });
    return node;
  });
  const arrived = messages.some((m) => !known.has(m.id));
  state.rendered = next;
  // Whose view of which channel the list shows: tests wait for it after a switch.
  list.setAttribute("data-as", state.as);
  list.setAttribute("data-channel", state.channel);
  if (nodes.length === 0) list.replaceChildren(el("p", { class: "empty", text: emptyText() }));
  else {
    // Unchanged messages stay where they are (a select being filled in keeps its choice, the view
    // does not jump); changed and new ones are put in their place.
    nodes.forEach((node, i) => {
      const at = list.children[i];
      if (at !== node) list.insertBefore(node, at ?? null);
    });
    while (list.children.length > nodes.length) list.lastElementChild.remove();
  }
  if (state.focusMessage) {
    const target = list.querySelector(`[data-message-id="${CSS.escape(state.focusMessage)}"]`);
    state.focusMessage = null;
    if (target) {
      state.stickToBottom = false;
      target.scrollIntoView({ block: "center" });
      target.classList.add("flash");
      return;
    }
  }
  if (arrived && scroll) state.stickToBottom = true;
  keepAtBottom();
}

function emptyText() {
  if (state.channel === "dm") return t("noDirectMessages");
  return t("emptyChannel", { channel: channelById(state.channel)?.name ?? t("thisChannel") });
}

let loading = null;
let loadAgain = false;
let scrollWanted = false;

/**
 * Fetches the shown channel as the current member; calls during a fetch coalesce into one more fetch.
 * `scroll`: new messages bring the list to the bottom even if the member had scrolled up.
 */
export function refreshMessages({ scroll = false } = {}) {
  scrollWanted ||= scroll;
  if (loading) {
    loadAgain = true;
    return loading;
  }
  loading = (async () => {
    do {
      loadAgain = false;
      const channel = state.channel;
      const as = state.as;
      if (!channel || !as) return;
      const query = new URLSearchParams({ channel, as });
      const data = await api(`/api/messages?${query}`);
      if (channel !== state.channel || as !== state.as) continue;
      if (data.ok === false) showNotice(data.error);
      else {
        showMessages(data.messages, { scroll: scrollWanted });
        scrollWanted = false;
      }
    } while (loadAgain);
  })().finally(() => {
    loading = null;
  });
  return loading;
}
