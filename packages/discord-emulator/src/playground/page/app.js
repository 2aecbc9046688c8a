// The playground's page: one Discord server seen as any of its members, driving the real bot.
// Every text that comes from the bot or a member is put into the page with DOM APIs (textContent,
// Text nodes, setAttribute): nothing is ever parsed as HTML, so nothing in a message can run.

const DISCORD_EPOCH = 1420070400000n;
const BOT_NAME = "CardTable";

const state = {
  /** { guilds, members } from /api/world. */
  world: { guilds: [], members: [] },
  /** The commands the member's command picker lists in the shown channel (/api/commands). */
  commands: [],
  /** The page's own words, { en: {…}, nl: {…} } from /words.json. */
  words: {},
  /** The member the page acts as. */
  as: localStorage.getItem("playground.as"),
  /** A channel or thread id, or "dm". */
  channel: location.hash.slice(1) || localStorage.getItem("playground.channel"),
  /** Rendered messages by id: re-used while the message is unchanged, so a half-made choice survives a refresh. */
  rendered: new Map(),
  unread: new Set(),
  /** The command entry whose options are shown (see commandEntries). */
  entry: null,
  suggestion: 0,
  /** A message to scroll to once its channel is shown (a followed message link). */
  focusMessage: null,
};

const $ = (id) => document.getElementById(id);

// ---- the page's own words, in the member's Discord app language ---------------------------------

/** "nl" for a member whose Discord app is in Dutch, else "en". */
function language() {
  return member(state.as)?.locale === "nl" ? "nl" : "en";
}

/** The member's app locale for dates and times, as their Discord app formats them. */
function intlLocale() {
  return language() === "nl" ? "nl-NL" : "en-US";
}

/** A word of the page in the member's language; `{name}` placeholders are filled from `vars`. */
function t(key, vars = {}) {
  const text = state.words[language()]?.[key] ?? state.words.en?.[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

/** The fixed parts of the page (index.html) in the member's language. */
function renderPageWords() {
  document.documentElement.lang = language();
  document.title = t("pageTitle");
  $("sidebar").setAttribute("aria-label", t("channels"));
  $("sidebar-toggle").setAttribute("aria-label", t("channels"));
  $("dm-link-label").textContent = t("directMessages");
  $("member-switch-label").textContent = t("youAre");
  $("command-input").placeholder = t("commandPlaceholder");
  $("command-send").textContent = t("send");
  $("composer-note").textContent = t("dmNote");
  $("lightbox-close").setAttribute("aria-label", t("close"));
  $("lightbox-original").textContent = t("openOriginal");
}

/** createElement with attributes; `text` sets textContent, `on<event>` adds a listener, false/null/undefined are skipped. */
function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Number.POSITIVE_INFINITY))
    if (child !== null && child !== undefined) node.append(child);
  return node;
}

/** The URL if it is http(s) (absolute or on this server), else null: no javascript: or data: links. */
function safeUrl(url) {
  try {
    const parsed = new URL(String(url), location.href);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

async function api(path, body) {
  const init =
    body === undefined
      ? {}
      : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  try {
    const response = await fetch(path, init);
    const data = await response.json().catch(() => ({}));
    if (!response.ok) return { ok: false, error: data.error ?? `${response.status} ${response.statusText}` };
    return data;
  } catch (error) {
    return { ok: false, error: t("noAnswer", { reason: error.message }) };
  }
}

let noticeTimer = 0;
function showNotice(text) {
  const notice = $("notice");
  notice.textContent = text;
  notice.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => {
    notice.hidden = true;
  }, 8000);
}

// ---- names ---------------------------------------------------------------------------------------

function member(id) {
  return state.world.members.find((m) => m.id === id);
}

function allChannels() {
  return state.world.guilds.flatMap((g) => g.channels);
}

function channelById(id) {
  return allChannels().find((c) => c.id === id);
}

function guildOf(channelId) {
  return state.world.guilds.find((g) => g.channels.some((c) => c.id === channelId)) ?? state.world.guilds[0];
}

function snowflakeTime(id) {
  try {
    return new Date(Number((BigInt(id) >> 22n) + DISCORD_EPOCH));
  } catch {
    return null;
  }
}

// ---- time ----------------------------------------------------------------------------------------

const RELATIVE_UNITS = [
  ["year", 31_536_000],
  ["month", 2_592_000],
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
  ["second", 1],
];

function relativeTime(date) {
  const seconds = Math.round((date.getTime() - Date.now()) / 1000);
  const [unit, size] = RELATIVE_UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? ["second", 1];
  return new Intl.RelativeTimeFormat(intlLocale(), { numeric: "auto" }).format(
    Math.round(seconds / size),
    unit,
  );
}

const TIME_STYLES = {
  t: { hour: "numeric", minute: "2-digit" },
  T: { hour: "numeric", minute: "2-digit", second: "2-digit" },
  d: { year: "numeric", month: "2-digit", day: "2-digit" },
  D: { year: "numeric", month: "long", day: "numeric" },
  f: { year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" },
  F: { weekday: "long", year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" },
};

/** A Discord timestamp (`<t:unix:style>`) in the viewer's own time zone, as Discord shows it. */
function timestamp(unix, style, raw) {
  const date = new Date(Number(unix) * 1000);
  if (Number.isNaN(date.getTime())) return document.createTextNode(raw);
  const text =
    style === "R" ? relativeTime(date) : date.toLocaleString(intlLocale(), TIME_STYLES[style ?? "f"]);
  return el("time", {
    class: "timestamp",
    datetime: date.toISOString(),
    title: date.toLocaleString(intlLocale(), TIME_STYLES.F),
    "data-relative": style === "R" ? date.getTime() : null,
    text,
  });
}

function refreshRelativeTimes() {
  for (const node of document.querySelectorAll("time[data-relative]")) {
    node.textContent = relativeTime(new Date(Number(node.getAttribute("data-relative"))));
  }
}

function messageTime(id) {
  const date = snowflakeTime(id);
  if (!date) return null;
  const today = new Date().toDateString() === date.toDateString();
  const clock = date.toLocaleTimeString(intlLocale(), TIME_STYLES.t);
  const text = today ? t("todayAt", { time: clock }) : `${date.toLocaleDateString(intlLocale())} ${clock}`;
  return el("time", {
    class: "message-time",
    datetime: date.toISOString(),
    title: date.toLocaleString(intlLocale()),
    text,
  });
}

// ---- Discord markdown ----------------------------------------------------------------------------

function link(url, children) {
  const href = safeUrl(url);
  if (!href) return document.createTextNode(url);
  const anchor = el("a", { href, target: "_blank", rel: "noopener" }, children);
  // A link to a message on this server opens it here rather than on discord.com.
  const inside = /^https:\/\/discord\.com\/channels\/[^/]+\/(\d+)(?:\/(\d+))?$/.exec(href);
  if (inside && channelById(inside[1])) {
    anchor.addEventListener("click", (event) => {
      event.preventDefault();
      state.focusMessage = inside[2] ?? null;
      if (location.hash === `#${inside[1]}`) selectChannel(inside[1]);
      else location.hash = inside[1];
    });
  }
  return anchor;
}

function channelMention(id) {
  const channel = channelById(id);
  if (!channel) return el("span", { class: "mention", text: t("unknownChannel") });
  return el("a", { href: `#${id}`, class: "mention", text: `#${channel.name}` });
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** Inline rules tried at each position, first match wins; each builds its node from the match. */
const INLINE_RULES = [
  {
    re: /```(?:([\w+-]*)\n)?([\s\S]*?)```/y,
    make: (m) => el("pre", { class: "code-block" }, el("code", { text: m[2].replace(/\n$/, "") })),
  },
  {
    re: /``([^`][\s\S]*?)``|`([^`]+)`/y,
    make: (m) => el("code", { class: "inline-code", text: m[1] ?? m[2] }),
  },
  { re: /\\([^\p{L}\p{N}\s])/uy, make: (m) => document.createTextNode(m[1]) },
  { re: /\*\*([\s\S]+?)\*\*(?!\*)/y, make: (m) => el("strong", {}, inline(m[1])) },
  { re: /__([\s\S]+?)__(?!_)/y, make: (m) => el("u", {}, inline(m[1])) },
  {
    re: /\*(?![\s*])((?:\\[\s\S]|\*\*[\s\S]+?\*\*|[^*\\])+?)\*(?!\*)/y,
    make: (m) => el("em", {}, inline(m[1])),
  },
  {
    re: /_((?:\\[\s\S]|__[\s\S]+?__|[^_\\])+?)_(?![\p{L}\p{N}_])/uy,
    wordStart: true,
    make: (m) => el("em", {}, inline(m[1])),
  },
  { re: /~~([\s\S]+?)~~/y, make: (m) => el("s", {}, inline(m[1])) },
  {
    re: /<@!?(\d+)>/y,
    make: (m) => el("span", { class: "mention", text: `@${member(m[1])?.name ?? t("unknownUser")}` }),
  },
  { re: /<@&(\d+)>/y, make: () => el("span", { class: "mention", text: `@${t("role")}` }) },
  { re: /<#(\d+)>/y, make: (m) => channelMention(m[1]) },
  { re: /<t:(-?\d{1,13})(?::([tTdDfFR]))?>/y, make: (m) => timestamp(m[1], m[2], m[0]) },
  { re: /<a?:(\w+):\d+>/y, make: (m) => document.createTextNode(`:${m[1]}:`) },
  { re: /<\/([\w -]+):\d+>/y, make: (m) => el("span", { class: "mention", text: `/${m[1]}` }) },
  { re: /\[([^\]\n]+)\]\(<?(https?:\/\/[^\s)>]+)>?\)/y, make: (m) => link(m[2], inline(m[1])) },
  { re: /<(https?:\/\/[^\s>]+)>/y, make: (m) => link(m[1], m[1]) },
  { re: /https?:\/\/[^\s<]*[^\s<.,:;"')\]!?*_~]/y, make: (m) => link(m[0], m[0]) },
];

/** The characters a rule can start with: at any other, the rules are not tried. */
const RULE_START = new Set("`\\*_~<[h");

/** Discord markdown to DOM nodes; unmatched text stays text (newlines are kept by CSS). */
function inline(text) {
  const out = document.createDocumentFragment();
  let plain = "";
  let i = 0;
  scan: while (i < text.length) {
    if (RULE_START.has(text[i])) {
      for (const rule of INLINE_RULES) {
        if (rule.wordStart && i > 0 && WORD_CHAR.test(text[i - 1])) continue;
        rule.re.lastIndex = i;
        const match = rule.re.exec(text);
        if (!match) continue;
        const end = rule.re.lastIndex;
        if (plain) out.append(plain);
        plain = "";
        out.append(rule.make(match));
        i = end;
        continue scan;
      }
    }
    plain += text[i];
    i++;
  }
  if (plain) out.append(plain);
  return out;
}

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
  switch (component.type) {
    case 1:
      return el(
        "div",
        { class: "action-row" },
        component.components.map((c) => renderComponent(message, c)),
      );
    case 2:
      return renderButton(message, component);
    case 3:
      return renderSelect(message, component);
    default:
      // Layout components (containers, sections) hold their controls in `components`.
      return el(
        "div",
        { class: "component-group" },
        (component.components ?? []).map((c) => renderComponent(message, c)),
      );
  }
}

// ---- messages ------------------------------------------------------------------------------------

function renderEmbed(embed) {
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

function renderAttachment(attachment) {
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

// ---- the lightbox: a picture at its own size, as Discord opens one ---------------------------------

function openLightbox(url, alt) {
  const image = $("lightbox-image");
  image.src = url;
  image.alt = alt;
  $("lightbox-original").href = url;
  setLightboxFit(false);
  $("lightbox").showModal();
}

/** Fit: the whole picture in the window; else its own size (narrowed to the window's width only). */
function setLightboxFit(fit) {
  $("lightbox").classList.toggle("fit", fit);
  $("lightbox-image").title = t(fit ? "zoomIn" : "zoomOut");
}

function listenLightbox() {
  const lightbox = $("lightbox");
  // Esc closes a modal dialog by itself; a click beside the picture closes it too.
  lightbox.addEventListener("click", (event) => {
    if (event.target === lightbox || event.target.classList.contains("lightbox-stage")) lightbox.close();
  });
  $("lightbox-close").addEventListener("click", () => lightbox.close());
  $("lightbox-image").addEventListener("click", () => setLightboxFit(!lightbox.classList.contains("fit")));
  lightbox.addEventListener("close", () => {
    $("lightbox-image").removeAttribute("src");
  });
}

function renderMessage(message) {
  const mentioned = message.mentions.includes(state.as);
  const classes = ["message", message.ephemeral && "ephemeral", mentioned && "mentioned"].filter(Boolean);
  const author = message.authorIsBot ? BOT_NAME : (member(message.interactionUserId)?.name ?? t("member"));
  const content = el("div", { class: "message-content", "data-testid": "message-content" });
  if (message.loading) {
    content.classList.add("thinking");
    content.textContent = t("thinking", { bot: BOT_NAME });
  } else {
    content.append(inline(message.content));
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
      message.attachments.length
        ? el("div", { class: "attachments" }, message.attachments.map(renderAttachment))
        : null,
      message.components.length
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

let stickToBottom = true;

function keepAtBottom() {
  if (stickToBottom) $("messages").scrollTop = $("messages").scrollHeight;
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
      stickToBottom = false;
      target.scrollIntoView({ block: "center" });
      target.classList.add("flash");
      return;
    }
  }
  if (arrived && scroll) stickToBottom = true;
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
function refreshMessages({ scroll = false } = {}) {
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

// ---- sidebar, member switch ----------------------------------------------------------------------

function channelLink(channel, testid, icon) {
  const classes = ["channel", channel.kind === "thread" && "thread"];
  if (channel.id === state.channel) classes.push("selected");
  if (state.unread.has(channel.id)) classes.push("unread");
  return el(
    "a",
    {
      href: `#${channel.id}`,
      class: classes.filter(Boolean).join(" "),
      "data-testid": testid,
      "data-channel-id": channel.id,
    },
    el("span", { class: "channel-icon", "aria-hidden": "true", text: icon }),
    el("span", { class: "channel-name", text: channel.name }),
  );
}

function renderSidebar() {
  const guilds = state.world.guilds.map((guild) => {
    const texts = guild.channels.filter((c) => c.kind === "text");
    const threads = guild.channels.filter((c) => c.kind === "thread");
    const orphans = threads.filter((t) => !texts.some((c) => c.id === t.parentId));
    return el(
      "section",
      { class: "guild" },
      el("h2", { class: "guild-name", text: guild.name }),
      el("div", { class: "channel-group", text: t("textChannels") }),
      texts.map((channel) => [
        channelLink(channel, `channel-${channel.name}`, "#"),
        threads
          .filter((t) => t.parentId === channel.id)
          .map((thread) => channelLink(thread, `thread-${thread.name}`, "↳")),
      ]),
      orphans.map((thread) => channelLink(thread, `thread-${thread.name}`, "↳")),
    );
  });
  $("guilds").replaceChildren(...guilds);
  const dm = $("dm-link");
  dm.classList.toggle("selected", state.channel === "dm");
  dm.classList.toggle("unread", state.unread.has("dm"));
}

function renderHeader() {
  const title = $("chat-title");
  if (state.channel === "dm") {
    title.textContent = t("directMessages");
  } else {
    const channel = channelById(state.channel);
    title.textContent = channel ? `${channel.kind === "thread" ? "↳ " : "# "}${channel.name}` : "";
  }
  const dm = state.channel === "dm";
  $("composer").classList.toggle("dm", dm);
  $("composer-note").hidden = !dm;
}

function renderMemberSwitch() {
  const select = $("member-switch");
  select.replaceChildren(
    ...state.world.members.map((m) =>
      el("option", {
        value: m.id,
        selected: m.id === state.as,
        text: [
          m.name,
          m.manageGuild ? `(${t("manager")})` : "",
          m.locale ? `(${LANGUAGE_NAMES[m.locale] ?? m.locale})` : "",
        ]
          .filter(Boolean)
          .join(" "),
      }),
    ),
  );
}

function selectChannel(id) {
  if (state.channel !== id) {
    state.channel = id;
    state.rendered.clear();
    stickToBottom = true;
    localStorage.setItem("playground.channel", id);
    loadCommands();
  }
  state.unread.delete(id);
  renderSidebar();
  renderHeader();
  return refreshMessages();
}

function switchMember(id) {
  state.as = id;
  localStorage.setItem("playground.as", id);
  state.rendered.clear();
  state.unread.clear();
  stickToBottom = true;
  // The page's words, and the commands with their names, in the new member's app language.
  renderPageWords();
  renderMemberSwitch();
  renderSidebar();
  renderHeader();
  state.entry = null;
  loadCommands();
  return refreshMessages();
}

let commandsAsked = 0;

/**
 * The commands the member's command picker lists in the shown channel: Discord leaves out those
 * whose default permissions the member lacks there (/settings without Manage Server).
 */
async function loadCommands() {
  const ticket = ++commandsAsked;
  const channel = state.channel;
  const commands =
    channel === "dm" || !state.as
      ? { commands: [] }
      : await api(`/api/commands?${new URLSearchParams({ as: state.as, channel })}`);
  if (ticket !== commandsAsked) return;
  if (commands.ok === false) showNotice(commands.error);
  state.commands = commands.commands ?? [];
  // Whose commands in which channel the box offers: tests wait for it after a switch.
  $("composer").setAttribute("data-commands", `${state.as}/${channel}`);
  renderCommandBox();
}

async function loadWorld() {
  const world = await api("/api/world");
  if (world.ok === false) {
    showNotice(world.error);
    return;
  }
  state.world = world;
  if (!state.world.members.some((m) => m.id === state.as)) state.as = state.world.members[0]?.id ?? null;
  if (state.channel !== "dm" && !channelById(state.channel)) {
    state.channel = allChannels().find((c) => c.kind === "text")?.id ?? "dm";
  }
  // Names of members and channels appear inside messages: build them again.
  state.rendered.clear();
  renderPageWords();
  renderMemberSwitch();
  renderSidebar();
  renderHeader();
  await Promise.all([loadCommands(), refreshMessages()]);
}

// ---- the command box -----------------------------------------------------------------------------

const OPTION = {
  subcommand: 1,
  group: 2,
  string: 3,
  integer: 4,
  boolean: 5,
  user: 6,
  channel: 7,
  mentionable: 9,
  number: 10,
};

/** How the member switch names a Discord app language. */
const LANGUAGE_NAMES = { nl: "Nederlands" };

/**
 * A command's, option's or choice's name or description as the viewing member's Discord app
 * shows it: its localization in the member's language, else the registered English.
 */
function localized(item, field) {
  const locale = state.world.members.find((m) => m.id === state.as)?.locale;
  return (locale && item[`${field}_localizations`]?.[locale]) || item[field];
}

/**
 * Every runnable command line: `/play thegame`, `/help`, `/a group sub`, with its options. The
 * path is what the member types (in their language); command, group and sub are what is sent.
 */
function commandEntries() {
  const entries = [];
  for (const command of state.commands) {
    if (command.type !== undefined && command.type !== 1) continue;
    const options = command.options ?? [];
    const subs = options.filter((o) => o.type === OPTION.subcommand || o.type === OPTION.group);
    if (subs.length === 0) {
      entries.push({
        path: [localized(command, "name")],
        command: command.name,
        description: localized(command, "description"),
        options,
      });
      continue;
    }
    for (const sub of subs) {
      if (sub.type === OPTION.subcommand) {
        entries.push({
          path: [localized(command, "name"), localized(sub, "name")],
          command: command.name,
          sub: sub.name,
          description: localized(sub, "description"),
          options: sub.options ?? [],
        });
      } else {
        for (const leaf of sub.options ?? []) {
          entries.push({
            path: [localized(command, "name"), localized(sub, "name"), localized(leaf, "name")],
            command: command.name,
            group: sub.name,
            sub: leaf.name,
            description: localized(leaf, "description"),
            options: leaf.options ?? [],
          });
        }
      }
    }
  }
  return entries;
}

/** The typed line: the command entry it names (the longest path matching its first words), if any. */
function parseLine(text) {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith("/")) return null;
  const words = trimmed.slice(1).split(/\s+/).filter(Boolean);
  const entries = commandEntries();
  const entry =
    entries
      .filter((e) => e.path.every((part, i) => words[i] === part))
      .sort((a, b) => b.path.length - a.path.length)[0] ?? null;
  // Past the command's name (a space or option after it): the suggestions have done their job.
  const pastEntry = entry !== null && (words.length > entry.path.length || /\s$/.test(text));
  return { entry, entries, typed: words.join(" ").toLowerCase(), pastEntry };
}

function entryKey(entry) {
  return entry ? entry.path.join(" ") : "";
}

function renderSuggestions(parsed) {
  const list = $("suggestions");
  const matches =
    !parsed || parsed.pastEntry ? [] : parsed.entries.filter((e) => entryKey(e).startsWith(parsed.typed));
  const shown = matches.length === 1 && matches[0] === parsed.entry ? [] : matches;
  state.suggestion = Math.min(state.suggestion, Math.max(shown.length - 1, 0));
  list.replaceChildren(
    ...shown.map((entry, i) =>
      el(
        "li",
        {
          class: i === state.suggestion ? "suggestion active" : "suggestion",
          "data-testid": "command-suggestion",
          "data-command": entryKey(entry),
          onmousedown: (event) => {
            event.preventDefault();
            chooseEntry(entry);
          },
        },
        el("span", { class: "suggestion-name", text: `/${entryKey(entry)}` }),
        el("span", { class: "suggestion-description", text: entry.description ?? "" }),
      ),
    ),
  );
  list.hidden = shown.length === 0;
}

function chooseEntry(entry) {
  const input = $("command-input");
  input.value = `/${entryKey(entry)} `;
  input.focus();
  renderCommandBox();
}

/** Shows the suggestions for the typed line and, once it names a command, one input per option. */
function renderCommandBox() {
  const text = $("command-input").value;
  const parsed = parseLine(text);
  renderSuggestions(parsed);
  const entry = parsed?.entry ?? null;
  const form = $("command-options");
  // Rebuilt only when the command changes, so values typed into the inputs stay.
  if (entryKey(entry) !== entryKey(state.entry) || (entry && form.childElementCount === 0)) {
    state.entry = entry;
    form.replaceChildren(
      ...(entry ? [commandHeading(entry), ...entry.options.map((option) => optionField(entry, option))] : []),
    );
  }
  if (entry) prefillOptions(text, entry);
  form.hidden = !entry;
}

function commandHeading(entry) {
  return el(
    "div",
    { class: "command-heading" },
    el("strong", { text: `/${entryKey(entry)}` }),
    entry.description ? el("span", { text: ` — ${entry.description}` }) : null,
    entry.options.length === 0 ? el("span", { class: "muted", text: ` ${t("noOptions")}` }) : null,
  );
}

/** `name:value` typed after the command fills that option's input. */
function prefillOptions(text, entry) {
  const words = text.trim().slice(1).split(/\s+/).slice(entry.path.length).join(" ");
  if (!words) return;
  for (const part of words.split(/\s+(?=[\w-]+:)/)) {
    const pair = /^([\w-]+):(.*)$/s.exec(part);
    if (!pair) continue;
    const input = $("command-options").querySelector(`[data-option-label="${CSS.escape(pair[1])}"]`);
    if (input && input.value !== pair[2]) input.value = pair[2];
  }
}

function blankOption(required) {
  return el("option", { value: "", text: required ? t("chooseOption") : t("noValue") });
}

function optionInput(option) {
  const common = {
    "data-option-name": option.name,
    "data-option-label": localized(option, "name"),
    "data-option-type": option.type,
    required: Boolean(option.required),
  };
  if (option.choices?.length) {
    return el(
      "select",
      common,
      blankOption(option.required),
      option.choices.map((c) => el("option", { value: String(c.value), text: localized(c, "name") })),
    );
  }
  switch (option.type) {
    case OPTION.boolean:
      return el(
        "select",
        common,
        blankOption(option.required),
        // Discord's boolean choices read True and False in every language (the bot's descriptions name them so).
        el("option", { value: "true", text: "True" }),
        el("option", { value: "false", text: "False" }),
      );
    case OPTION.user:
    case OPTION.mentionable:
      return el(
        "select",
        common,
        blankOption(option.required),
        state.world.members.map((m) => el("option", { value: m.id, text: m.name })),
      );
    case OPTION.channel:
      return el(
        "select",
        common,
        blankOption(option.required),
        guildOf(state.channel).channels.map((c) => el("option", { value: c.id, text: `#${c.name}` })),
      );
    case OPTION.integer:
    case OPTION.number:
      return el("input", {
        ...common,
        type: "number",
        step: option.type === OPTION.integer ? 1 : "any",
        min: option.min_value,
        max: option.max_value,
      });
    default:
      return el("input", {
        ...common,
        type: "text",
        minlength: option.min_length,
        maxlength: option.max_length,
      });
  }
}

function optionField(entry, option) {
  const input = optionInput(option);
  const field = el(
    "label",
    { class: "option-field" },
    el(
      "span",
      { class: "option-label" },
      el("span", { class: "option-name", text: localized(option, "name") }),
      option.required ? el("span", { class: "required", title: t("required"), text: "*" }) : null,
      option.description
        ? el("span", { class: "option-description", text: localized(option, "description") })
        : null,
    ),
    input,
  );
  if (option.autocomplete) attachAutocomplete(entry, field, input, option);
  return field;
}

function optionValues(entry, { strict }) {
  const values = {};
  for (const option of entry.options) {
    const input = $("command-options").querySelector(`[data-option-name="${CSS.escape(option.name)}"]`);
    const raw = input?.value.trim() ?? "";
    if (raw === "") {
      if (strict && option.required) throw new Error(t("fillRequired", { name: localized(option, "name") }));
      continue;
    }
    if (option.type === OPTION.boolean) values[option.name] = raw === "true";
    else if (option.type === OPTION.integer || option.type === OPTION.number) {
      const n = Number(raw);
      if (!Number.isFinite(n) || (option.type === OPTION.integer && !Number.isInteger(n))) {
        if (strict)
          throw new Error(
            t(option.type === OPTION.integer ? "needsWholeNumber" : "needsNumber", {
              name: localized(option, "name"),
            }),
          );
        continue;
      }
      values[option.name] = n;
    } else values[option.name] = raw;
  }
  return values;
}

function attachAutocomplete(entry, field, input, option) {
  const list = el("ul", { class: "autocomplete", hidden: true });
  field.append(list);
  let asked = 0;
  const ask = async () => {
    // The command was sent or changed while waiting: nothing to complete any more.
    if (!input.isConnected) return;
    const ticket = ++asked;
    const result = await api("/api/autocomplete", {
      as: state.as,
      channel: state.channel,
      command: entry.command,
      group: entry.group,
      sub: entry.sub,
      options: { ...optionValues(entry, { strict: false }), [option.name]: input.value },
      focused: option.name,
    });
    if (ticket !== asked) return;
    const choices = result.choices ?? [];
    list.replaceChildren(
      ...choices.map((choice) =>
        el("li", {
          "data-testid": "autocomplete-choice",
          "data-value": String(choice.value),
          text: choice.name,
          onmousedown: (event) => {
            event.preventDefault();
            input.value = String(choice.value);
            list.hidden = true;
          },
        }),
      ),
    );
    list.hidden = choices.length === 0;
    if (result.ok === false) showNotice(result.error);
  };
  let timer = 0;
  input.addEventListener("input", () => {
    // The choices shown answer what was typed before: gone until the bot answers the new text.
    list.hidden = true;
    asked++;
    clearTimeout(timer);
    timer = setTimeout(ask, 150);
  });
  input.addEventListener("focus", ask);
  input.addEventListener("blur", () => {
    list.hidden = true;
  });
}

async function sendCommand() {
  const parsed = parseLine($("command-input").value);
  const entry = parsed?.entry;
  if (!entry) {
    showNotice(t("chooseCommand"));
    return;
  }
  let options;
  try {
    options = optionValues(entry, { strict: true });
  } catch (error) {
    showNotice(error.message);
    return;
  }
  const send = $("command-send");
  send.disabled = true;
  const result = await api("/api/slash", {
    as: state.as,
    channel: state.channel,
    command: entry.command,
    group: entry.group,
    sub: entry.sub,
    options,
  });
  send.disabled = false;
  if (result.ok === false) {
    showNotice(result.error ?? t("commandFailed"));
    return;
  }
  $("command-input").value = "";
  renderCommandBox();
  await refreshMessages({ scroll: true });
}

function onCommandKey(event) {
  const list = $("suggestions");
  const items = [...list.children];
  if (list.hidden || items.length === 0) return;
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    event.preventDefault();
    state.suggestion = (state.suggestion + (event.key === "ArrowDown" ? 1 : items.length - 1)) % items.length;
    items.forEach((item, i) => {
      item.classList.toggle("active", i === state.suggestion);
    });
  } else if (event.key === "Tab" || event.key === "Enter") {
    event.preventDefault();
    const chosen = commandEntries().find(
      (e) => entryKey(e) === items[state.suggestion].getAttribute("data-command"),
    );
    if (chosen) chooseEntry(chosen);
  } else if (event.key === "Escape") {
    list.hidden = true;
  }
}

// ---- start ---------------------------------------------------------------------------------------

function listen() {
  const events = new EventSource("/api/events");
  let lost = false;
  events.addEventListener("change", (event) => {
    let channelId;
    try {
      channelId = JSON.parse(event.data).channelId;
    } catch {
      return;
    }
    if (channelId === state.channel) refreshMessages();
    else {
      state.unread.add(channelId);
      renderSidebar();
    }
  });
  events.addEventListener("world", () => loadWorld());
  events.addEventListener("error", () => {
    if (!lost) showNotice(t("connectionLost"));
    lost = true;
  });
  events.addEventListener("open", () => {
    // Catch up on what happened while the connection was down.
    if (lost) loadWorld();
    lost = false;
  });
}

function start() {
  $("member-switch").addEventListener("change", (event) => switchMember(event.target.value));
  // Channels are addressed by the URL's hash (#<channel id>, #dm): links, reloads and Back work alike.
  window.addEventListener("hashchange", () => {
    const id = location.hash.slice(1);
    if (id === "dm" || channelById(id)) selectChannel(id);
  });
  $("sidebar").addEventListener("click", (event) => {
    if (event.target.closest("a")) document.body.classList.remove("sidebar-open");
  });
  $("sidebar-toggle").addEventListener("click", () => document.body.classList.toggle("sidebar-open"));
  $("scrim").addEventListener("click", () => document.body.classList.remove("sidebar-open"));
  $("messages").addEventListener("scroll", () => {
    const list = $("messages");
    stickToBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  });
  const input = $("command-input");
  input.addEventListener("input", () => {
    state.suggestion = 0;
    renderCommandBox();
  });
  input.addEventListener("focus", renderCommandBox);
  input.addEventListener("keydown", onCommandKey);
  $("composer").addEventListener("submit", (event) => {
    event.preventDefault();
    sendCommand();
  });
  listenLightbox();
  setInterval(refreshRelativeTimes, 30_000);
  listen();
  loadWords().then(loadWorld);
}

async function loadWords() {
  const words = await api("/words.json");
  if (words.ok === false) showNotice(words.error);
  else state.words = words;
}

start();
