// The command box: typing a slash command with suggestions, one input per option (with the bot's
// autocomplete), and sending it as the current member.

import { $, api, el, guildOf, showNotice, state, t } from "./base.js";
import { refreshMessages } from "./messages.js";

/** Discord's application command option types. */
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

/**
 * A click on a command mention (`</name sub:id>`): Discord offers the command in the box when the
 * mention names it by its registered (unlocalized) names, and does nothing otherwise.
 */
export function offerMentionedCommand({ id, words }) {
  const command = state.commands.find((c) => c.id === id);
  if (!command || words[0] !== command.name) return;
  const [group, sub] = words.length === 3 ? [words[1], words[2]] : [undefined, words[1]];
  const entry = commandEntries().find(
    (e) => e.command === command.name && e.group === group && e.sub === sub,
  );
  if (entry) chooseEntry(entry);
}

/** Shows the suggestions for the typed line and, once it names a command, one input per option. */
export function renderCommandBox() {
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

export async function sendCommand() {
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

export function onCommandKey(event) {
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
