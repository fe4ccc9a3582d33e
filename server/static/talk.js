// Table talk on the seat page: the boxes send without a reload, and what the others write comes
// in by itself (the table's talk and the team's channel are read every few seconds while the page
// is in view). Without this script the boxes still work: their forms post and the page comes back.
(() => {
  "use strict";
  const box = document.querySelector("#seat-talk");
  const main = document.querySelector("main[data-table]");
  if (!box || !main) return;
  const table = box.dataset.talkTable, token = main.dataset.token;
  const POLL_MS = window.pbemTalkPollMs || 5000, IDLE_POLL_MS = 30000, IDLE_AFTER_MS = 10 * 60 * 1000;
  const PATHS = { say: "chat", team: "team" };
  let timer = null, lastNews = Date.now();
  const WORDS = JSON.parse(document.querySelector("#seat-words")?.textContent || "{}");     // table.html
  const words = (key, values = {}) => (WORDS[key] || "").replace(/\{(\w+)\}/g, (_, name) => values[name] ?? "");

  function item(channel, m) {
    const li = document.createElement("li");
    li.dataset.n = m.n;
    if (channel !== "note") {
      const who = document.createElement("b");
      who.textContent = m.name;
      li.append(who, " ");
    }
    const when = document.createElement("span");
    when.className = "muted";
    when.textContent = words("talk_move", { seq: m.seq });
    const said = document.createElement("span");
    said.className = "said";
    said.textContent = m.text;
    li.append(when, channel === "note" ? " " : ": ", said);
    return li;
  }

  function add(list, messages) {
    let added = 0;
    for (const m of messages) {
      if (m.n <= +list.dataset.since) continue;
      list.querySelector(".empty")?.remove();
      list.append(item(list.dataset.channel, m));
      list.dataset.since = m.n;
      added += 1;
    }
    if (added) list.scrollTop = list.scrollHeight;
    return added;
  }

  function problem(form, text) {
    let p = form.querySelector(".problem");
    if (!p) {
      p = document.createElement("p");
      p.className = "problem";
      p.setAttribute("role", "alert");
      form.append(p);
    }
    p.textContent = text || "";
    p.hidden = !text;
  }

  async function send(form) {
    const list = form.previousElementSibling;
    const data = new FormData(form);
    data.set("since", list.dataset.since);
    const button = form.querySelector("button");
    button.disabled = true;
    try {
      const r = await fetch(form.action, { method: "POST", body: data, headers: { Accept: "application/json" } });
      const answer = await r.json();
      if (!r.ok) return problem(form, answer.message || words("talk_not_sent"));
      problem(form, "");
      add(list, answer.messages || answer.notes || []);
      form.querySelector("textarea").value = "";
    } catch (e) {
      problem(form, words("talk_unreachable"));
    } finally {
      button.disabled = false;
    }
  }

  for (const form of box.querySelectorAll(".talk-form")) {
    form.addEventListener("submit", e => { e.preventDefault(); send(form); });
    form.querySelector("textarea").addEventListener("keydown", e => {
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); form.requestSubmit(); }
    });
  }

  async function poll() {
    if (!document.hidden && token) {
      for (const list of box.querySelectorAll(".talk-list")) {
        const path = PATHS[list.dataset.channel];
        if (!path) continue;
        try {
          const r = await fetch(`/tables/${table}/${path}?since=${list.dataset.since}`,
                                { headers: { Authorization: "Bearer " + token }, cache: "no-store" });
          if (r.ok && add(list, (await r.json()).messages)) lastNews = Date.now();
        } catch (e) { /* the network or the server is away for a moment: ask again later */ }
      }
    }
    clearTimeout(timer);
    timer = setTimeout(poll, Date.now() - lastNews > IDLE_AFTER_MS ? IDLE_POLL_MS : POLL_MS);
  }
  document.addEventListener("visibilitychange", () => { if (!document.hidden) { lastNews = Date.now(); poll(); } });
  timer = setTimeout(poll, POLL_MS);
})();
