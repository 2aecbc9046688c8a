// Who the page acts as and which channel it shows: the sidebar, the header, the member switch, and
// loading the guild's members and channels and the member's commands.

import { $, allChannels, api, channelById, el, language, showNotice, state, t } from "./base.js";
import { renderCommandBox } from "./commandBox.js";
import { refreshMessages } from "./messages.js";

/** How the member switch names a Discord app language. */
const LANGUAGE_NAMES = { nl: "Nederlands" };

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

export function renderSidebar() {
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

export function selectChannel(id) {
  if (state.channel !== id) {
    state.channel = id;
    state.rendered.clear();
    state.stickToBottom = true;
    localStorage.setItem("playground.channel", id);
    loadCommands();
  }
  state.unread.delete(id);
  renderSidebar();
  renderHeader();
  return refreshMessages();
}

export function switchMember(id) {
  state.as = id;
  localStorage.setItem("playground.as", id);
  state.rendered.clear();
  state.unread.clear();
  state.stickToBottom = true;
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

export async function loadWorld() {
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
