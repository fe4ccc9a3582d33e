// The seat page, live: it follows the game (polls the table's seq with an ETag, redraws when it
// changes), sends moves without a reload, makes the board clickable where a place answers the
// question (tap, then Send), starts a phone's board frame at what matters, and replays the whole
// log with a slider. Without this script the page still works: its forms post and the server
// answers with the page again.
(() => {
  "use strict";
  const main = document.querySelector("main[data-table]");
  if (!main) return;
  const $ = (sel, root = document) => root.querySelector(sel);
  const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];
  const table = main.dataset.table, token = main.dataset.token, seat = main.dataset.seat;
  const auth = token ? { Authorization: "Bearer " + token } : {};
  const POLL_MS = window.pbemPollMs || 3000, IDLE_POLL_MS = 20000, IDLE_AFTER_MS = 10 * 60 * 1000;
  const PLACES = ["field", "country", "card", "tile"];
  let seq = +main.dataset.seq, etag = null, timer = null, lastChange = Date.now();
  let replaying = false, liveBoard = null, chosen = null, frameAsked = 0, sent = false;
  // the page's words in the seat's language (table.html: #seat-words), "{name}" filled in here
  const WORDS = JSON.parse($("#seat-words")?.textContent || "{}");
  const words = (key, values = {}) => (WORDS[key] || "").replace(/\{(\w+)\}/g, (_, name) => values[name] ?? "");

  function say(text, kind = "problem") {
    const p = $("#seat-problem");
    p.textContent = text || "";
    p.className = kind;
    p.hidden = !text;
  }

  function key() {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return [...bytes].map(b => b.toString(16).padStart(2, "0")).join("");
  }

  // ------------------------------------------------------------ the board answers the question

  function valueOf(el) {
    for (const k of PLACES) if (el.dataset && el.dataset[k] !== undefined) return el.dataset[k];
    return undefined;
  }
  const optionsFor = value => $$("#seat-question [data-target]").filter(b => b.dataset.target === value);

  function markPickables() {
    let any = false;
    for (const el of $$(PLACES.map(k => `#seat-board [data-${k}], #seat-hand [data-${k}]`).join(","))) {
      const options = replaying ? [] : optionsFor(valueOf(el));
      el.classList.toggle("pick", options.length > 0);
      if (options.length) {
        any = true;
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "button");
        el.setAttribute("aria-label", options[0].dataset.label);
      } else {
        ["tabindex", "role", "aria-label"].forEach(a => el.removeAttribute(a));
      }
    }
    const hint = $("#seat-question .hint");
    if (hint) hint.hidden = !any;
  }

  function unchoose() {
    $$(".chosen").forEach(el => el.classList.remove("chosen"));
    $("#seat-confirm").hidden = true;
    chosen = null;
  }

  function choose(el) {
    const options = optionsFor(valueOf(el));
    if (!options.length) return;
    if (chosen && chosen.el === el) return sendOption(chosen.option);       // a second tap sends
    unchoose();
    el.classList.add("chosen");
    options.forEach(b => b.classList.add("chosen"));
    if (options.length > 1) {            // two answers name this place: the buttons say which
      options[0].scrollIntoView({ block: "nearest" });
      return;
    }
    chosen = { el, option: options[0] };
    $("#seat-confirm-label").textContent = options[0].dataset.label;
    $("#seat-confirm").hidden = false;
  }

  // on a phone the board is drawn large enough to read, in a frame that pans: start it at the
  // places that matter now (the server says where: data-phone-left/top)
  function toFocus() {
    const board = $("#seat-board");
    if (!board || board.dataset.phoneLeft === undefined || board.classList.contains("zoomed")) return;
    board.scrollLeft = +board.dataset.phoneLeft;
    board.scrollTop = +board.dataset.phoneTop;
  }

  // ------------------------------------------------------------ moves

  async function post(form, fields) {
    const body = new URLSearchParams(new FormData(form));
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    body.set("seq", seq);
    body.set("nonce", key());
    document.body.classList.add("busy");
    try {
      const r = await fetch(`/play/${table}`, { method: "POST", body, headers: { Accept: "application/json" } });
      const answer = await r.json().catch(() => ({}));
      if (r.ok) {
        say(answer.message || "", answer.stopped ? "problem" : "notice");
        sent = true;
      } else {
        say(answer.message || words("not_sent"));
      }
      if (r.ok || r.status === 409) await refresh();
    } catch (e) {
      say(words("no_answer"));
    } finally {
      document.body.classList.remove("busy");
    }
  }

  function sendOption(button) {
    unchoose();
    return post(button.form, { text: button.value });
  }

  document.addEventListener("submit", e => {
    const form = e.target;
    if (!form.classList.contains("move-form")) return;
    e.preventDefault();
    const button = e.submitter;
    if (button && button.dataset.option) return sendOption(button);
    const text = form.querySelector("textarea[name=text], input[name=text]");
    post(form, { text: (text && text.value) || "" });
  });

  document.addEventListener("click", e => {
    const target = e.target;
    const place = target.closest && target.closest(".pick");
    if (place) return choose(place);
    if (target.id === "seat-confirm-send" && chosen) return sendOption(chosen.option);
    if (target.id === "seat-confirm-cancel") return unchoose();
    if (target.classList.contains("use-example")) {
      const box = $("#seat-turn-text");
      box.value = target.dataset.example;
      box.focus();
      return;
    }
    if (target.id === "seat-verify") return verify(target);
    if (target.id === "seat-zoom") {
      const on = $("#seat-board").classList.toggle("zoomed");
      target.setAttribute("aria-pressed", String(on));
      return toFocus();
    }
    if (target.dataset.step) return step(+target.dataset.step);
    if (target.id === "seat-replay-now") return backToNow();
  });

  document.addEventListener("keydown", e => {
    const place = e.target.closest && e.target.closest(".pick");
    if (place && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      choose(place);
    } else if (e.target.id === "seat-turn-text" && e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      e.target.form.requestSubmit();           // Ctrl+Enter sends the whole turn
    } else if (e.key === "Escape" && chosen) {
      unchoose();
    }
  });

  // ------------------------------------------------------------ following the game

  // one refresh at a time (a move's answer and the poll may both ask): the later one finds the
  // page already showing what it fetched and leaves it, and the reader's chosen place, alone
  let refreshing = Promise.resolve();
  function refresh() {
    refreshing = refreshing.then(catchUp, catchUp);
    return refreshing;
  }

  async function catchUp() {
    const r = await fetch(main.dataset.page, { headers: { Accept: "text/html" }, cache: "no-store" });
    if (!r.ok) return;
    const doc = new DOMParser().parseFromString(await r.text(), "text/html");
    const fresh = doc.querySelector("main[data-table]");
    if (!fresh) return;
    if (+fresh.dataset.seq === seq && fresh.dataset.rollback === main.dataset.rollback
        && fresh.dataset.status === main.dataset.status) return;          // nothing new since
    const box = $("#seat-turn-text");
    const typed = box && !sent && box.value.trim() ? box.value : null;
    // the groups the reader opened stay open (the newest is open by itself, and closes when it is not)
    const open = new Set($$("#seat-log .group:not(.last) details[open]").map(d => d.closest(".group").dataset.first));
    const mailOpen = $("#seat-mail") && $("#seat-mail").open;
    for (const el of $$("[data-live]", fresh)) {
      const old = document.getElementById(el.id);
      if (!old) continue;
      const node = document.importNode(el, true);
      if (el.id === "seat-board" && replaying) { liveBoard = node; continue; }
      if (el.id === "seat-board" && old.classList.contains("zoomed")) node.classList.add("zoomed");
      old.replaceWith(node);
    }
    $$("#seat-log .group details").forEach(d => { if (open.has(d.closest(".group").dataset.first)) d.open = true; });
    if ($("#seat-mail")) $("#seat-mail").open = mailOpen;
    const next = $("#seat-turn-text");
    if (typed && next) next.value = typed;
    sent = false;
    seq = +fresh.dataset.seq;
    main.dataset.seq = seq;
    main.dataset.status = fresh.dataset.status;
    main.dataset.rollback = fresh.dataset.rollback;
    document.title = doc.title;
    const slider = $("#seat-replay-seq");
    slider.max = seq;
    if (!replaying) slider.value = seq;
    unchoose();
    markPickables();
    if (!replaying) toFocus();
    if (replaying) showCaption();
    if (offered) offer(offered.n, offered.frame);        // a request opened or closed meanwhile
  }

  async function poll() {
    if (main.dataset.status === "finished") return;
    if (!document.hidden) {
      try {
        const r = await fetch(`/tables/${table}/seq`, { headers: etag ? { "If-None-Match": etag } : {}, cache: "no-store" });
        if (r.status === 200) {
          etag = r.headers.get("ETag");
          const answer = await r.json();
          const asked = answer.rollback ? `${answer.rollback}/${answer.answers}` : "";   // a rollback asked or answered
          if (answer.seq > seq || (seat && asked !== main.dataset.rollback)) {   // an answer older than a move just sent: nothing new
            lastChange = Date.now();
            await refresh();
          }
        }
      } catch (e) { /* the network or the server is away for a moment: ask again later */ }
    }
    clearTimeout(timer);
    timer = setTimeout(poll, Date.now() - lastChange > IDLE_AFTER_MS ? IDLE_POLL_MS : POLL_MS);
  }
  document.addEventListener("visibilitychange", () => { if (!document.hidden) { lastChange = Date.now(); poll(); } });

  // ------------------------------------------------------------ replay

  const slider = $("#seat-replay-seq");
  const viewer = () => ($("#seat-replay-as") && $("#seat-replay-as").value) || seat || "observer";
  const ownView = () => viewer() === (seat || "observer");

  function showCaption(text) {
    const caption = $("#seat-replay-caption");
    if (text !== undefined) caption.textContent = text;
  }

  function highlight(n) {
    $$("#seat-log .group").forEach(g => g.classList.toggle("shown", n !== null && +g.dataset.first <= n && n <= +g.dataset.last));
    $$("#seat-log li[data-seq]").forEach(li => li.classList.toggle("shown", n !== null && +li.dataset.seq === n));
    const shown = n !== null && $("#seat-log .group.shown details");
    if (shown) shown.open = true;
  }

  async function showFrame(n) {
    if (n >= seq && ownView()) return backToNow();
    if (!replaying) {
      replaying = true;
      liveBoard = $("#seat-board").cloneNode(true);
      main.classList.add("replaying");
      unchoose();
      markPickables();
    }
    const asked = ++frameAsked;
    const as = ownView() ? "" : `?as=${encodeURIComponent(viewer())}`;
    try {
      const r = await fetch(`/tables/${table}/replay/${n}${as}`, { headers: auth });
      const frame = await r.json();
      if (asked !== frameAsked) return;              // the slider moved on meanwhile
      if (!r.ok) return say(frame.message);
      const board = $("#seat-board");
      board.dataset.seq = n;
      if (frame.picture) {
        board.innerHTML = frame.picture.replace(/^\s*<\?xml[^>]*\?>\s*/, "");
      } else {
        const pre = document.createElement("pre");
        pre.className = "text-board";
        pre.textContent = (frame.board || []).join("\n");
        board.replaceChildren(pre);
      }
      const event = frame.said || (frame.event ? frame.event.text : "");     // in the seat's language
      showCaption(ownView() ? words("frame", { n, seq, event }) : words("frame_as", { n, seq, event, viewer: frame.viewer }));
      highlight(n);
      offer(n, frame);
    } catch (e) {
      if (asked === frameAsked) say(words("no_replay"));
    }
  }

  // an earlier decision's end that undo cannot reach: offer to ask the others to go back there
  let offered = null;
  function offer(n, frame) {
    offered = n === null ? null : { n, frame };
    const form = $("#seat-rollback-ask"), state = $("#seat-rollback-offer");
    if (!form || !state) return;
    const stops = (state.dataset.undoStops || "").split(" ").filter(Boolean).map(Number);
    const ok = n !== null && frame.boundary === true && state.dataset.can === "1" && ownView() && n < seq &&
               !stops.includes(n);
    if (ok && form.elements.to_seq.value !== String(n)) {
      form.elements.to_seq.value = n;
      $(".to-seq", form).textContent = n;
    }
    form.hidden = !ok;
  }

  function backToNow() {
    frameAsked++;
    offer(null);
    if (replaying && liveBoard) {
      if ($("#seat-board").classList.contains("zoomed")) liveBoard.classList.add("zoomed");
      $("#seat-board").replaceWith(liveBoard);
    }
    replaying = false;
    liveBoard = null;
    main.classList.remove("replaying");
    slider.value = seq;
    if ($("#seat-replay-as")) $("#seat-replay-as").value = seat || "observer";
    showCaption("");
    highlight(null);
    markPickables();
    toFocus();
  }

  function step(by) {
    const n = Math.min(seq, Math.max(1, +slider.value + by));
    slider.value = n;
    showFrame(n);
  }

  let debounce = null;
  slider.addEventListener("input", () => {
    clearTimeout(debounce);
    debounce = setTimeout(() => showFrame(+slider.value), 60);
  });
  document.addEventListener("change", e => { if (e.target.id === "seat-replay-as") showFrame(+slider.value); });

  // ------------------------------------------------------------ the end: verify the export here

  async function verify(button) {
    const out = $("#seat-verify-result");
    out.textContent = words("checking");
    try {
      const exported = await fetch(button.dataset.export, { headers: auth });
      const r = await fetch("/verify", { method: "POST", body: await exported.text(),
                                         headers: { "Content-Type": "application/x-ndjson" } });
      const answer = await r.json();
      out.textContent = answer.ok
        ? words("verified", { events: answer.events })
        : words("not_verified", { problems: (answer.problems || [answer.message]).join("; ") });
    } catch (e) {
      out.textContent = words("no_check");
    }
  }

  $("#seat-replay").hidden = false;
  markPickables();
  toFocus();
  timer = setTimeout(poll, POLL_MS);
})();
