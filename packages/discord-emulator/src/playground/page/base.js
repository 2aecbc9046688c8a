// What every part of the page uses: its state, building elements, the JSON API, notices, the page's
// own words and the names of members and channels.

export const state = {
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
  /** The message list follows new messages, unless the member has scrolled up. */
  stickToBottom: true,
};

export const $ = (id) => document.getElementById(id);

// ---- the page's own words, in the member's Discord app language ---------------------------------

/** "nl" for a member whose Discord app is in Dutch, else "en". */
export function language() {
  return member(state.as)?.locale === "nl" ? "nl" : "en";
}

/** The member's app locale for dates and times, as their Discord app formats them. */
export function intlLocale() {
  return language() === "nl" ? "nl-NL" : "en-US";
}

/** A word of the page in the member's language; `{name}` placeholders are filled from `vars`. */
export function t(key, vars = {}) {
  const text = state.words[language()]?.[key] ?? state.words.en?.[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

/** createElement with attributes; `text` sets textContent, `on<event>` adds a listener, false/null/undefined are skipped. */
export function el(tag, props = {}, ...children) {
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
export function safeUrl(url) {
  try {
    const parsed = new URL(String(url), location.href);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

export async function api(path, body) {
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
export function showNotice(text) {
  const notice = $("notice");
  notice.textContent = text;
  notice.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => {
    notice.hidden = true;
  }, 8000);
}

// ---- names ---------------------------------------------------------------------------------------

export function member(id) {
  return state.world.members.find((m) => m.id === id);
}

export function allChannels() {
  return state.world.guilds.flatMap((g) => g.channels);
}

export function channelById(id) {
  return allChannels().find((c) => c.id === id);
}

export function guildOf(channelId) {
  return state.world.guilds.find((g) => g.channels.some((c) => c.id === channelId)) ?? state.world.guilds[0];
}

// ---- the message list's scroll -------------------------------------------------------------------

export function keepAtBottom() {
  if (state.stickToBottom) $("messages").scrollTop = $("messages").scrollHeight;
}
