// The playground's page: one Discord server seen as any of its members, driving the real bot.
// Every text that comes from the bot or a member is put into the page with DOM APIs (textContent,
// Text nodes, setAttribute): nothing is ever parsed as HTML, so nothing in a message can run.
// This module starts the page: it wires the page's controls and the server's event stream to the
// other modules (base.js, navigation.js, messages.js, commandBox.js, …).

import { $, api, channelById, showNotice, state, t } from "./base.js";
import { offerMentionedCommand, onCommandKey, renderCommandBox, sendCommand } from "./commandBox.js";
import { listenLightbox } from "./lightbox.js";
import { refreshMessages } from "./messages.js";
import { loadWorld, renderSidebar, selectChannel, switchMember } from "./navigation.js";
import { refreshRelativeTimes } from "./time.js";

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
    state.stickToBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
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
  document.addEventListener("command-mention", (event) => offerMentionedCommand(event.detail));
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
