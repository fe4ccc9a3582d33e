// The rules one tap away on the seat page: a card or tile in the hand, and an option that names a
// card, a tile, an order or a merc (its data-ref, or the place it stands for), get a small "?"
// button; a tap (or hovering it with a mouse) opens that component's whole text in place, with its
// drawing and a link to its place on the game's rules page. The texts come from
// /rules/<game>/components.json (the box's public texts, the same for every seat), in the page's
// language with the few words this script shows. The page's live
// updates redraw the hand and the question: new ones get their "?" too.
(() => {
  "use strict";
  const script = document.currentScript;
  const source = script && script.dataset.components;
  if (!source || !window.fetch) return;
  const HAND = ["card", "tile"];
  let index = null, rules = "", pinned = false, shownFor = null, said = {};
  const say = (key, english, name) => (said[key] || english).replace("%(name)s", name || "");

  const fold = text => String(text).replace(/ł/g, "l").replace(/Ł/g, "L").normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();

  function remember(data) {
    index = new Map();
    rules = data.rules || "";
    said = data.words || {};
    for (const c of data.components || []) {
      index.set("#" + c.anchor, c);
      for (const name of [c.key, c.name, ...(c.aliases || [])]) {
        for (const kind of [c.kind, "*"]) {
          const k = kind + ":" + fold(name);
          if (!index.has(k)) index.set(k, c);
        }
      }
    }
    decorate();
  }

  const find = (kind, value) => value && (index.get(kind + ":" + fold(value)) || index.get("*:" + fold(value)));

  function style() {
    const css = document.createElement("style");
    css.textContent = `
      .ref-info { font: inherit; font-size: .8rem; line-height: 1; width: 1.6rem; height: 1.6rem; margin-left: .3rem;
                  border: 1px solid #8a939e; border-radius: 50%; background: #fff; color: #1d2733; cursor: pointer;
                  vertical-align: middle; flex: none; align-self: center }
      .ref-info:hover, .ref-info:focus { background: #fff3df }
      @media (max-width: 600px) { .options .option:has(+ .ref-info) { flex: 1 1 calc(100% - 2.5rem) } }
      #ref-pop { position: fixed; left: .5rem; right: .5rem; bottom: .5rem; max-width: 30rem; margin-left: auto;
                 max-height: 65vh; overflow: auto; background: #fff; border: 1px solid #b8bec6; border-radius: 8px;
                 box-shadow: 0 6px 24px rgba(0,0,0,.22); padding: .6rem .8rem; z-index: 50; overflow-wrap: anywhere }
      #ref-pop h3 { margin: 0 1.8rem .2rem 0; font-size: 1rem }
      #ref-pop .facts { margin: 0 0 .3rem; color: #5f6873; font-size: .88rem }
      #ref-pop .text { white-space: pre-line; margin: .3rem 0 }
      #ref-pop figure { float: right; margin: 0 0 .3rem .5rem }
      #ref-pop figure svg { display: block; max-width: 30vw; height: auto }
      #ref-pop .close { position: absolute; top: .35rem; right: .45rem; font: inherit; font-size: 1.2rem; border: 0;
                        background: none; cursor: pointer; padding: .1rem .4rem }
      #ref-pop .more { clear: both; margin: .2rem 0 0; font-size: .9rem }`;
    document.head.appendChild(css);
  }

  function pop() {
    let box = document.getElementById("ref-pop");
    if (box) return box;
    box = document.createElement("aside");
    box.id = "ref-pop";
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-live", "polite");
    box.hidden = true;
    document.body.appendChild(box);
    return box;
  }

  function show(c, button, pin) {
    const box = pop();
    box.replaceChildren();
    const close = document.createElement("button");
    close.type = "button";
    close.className = "close";
    close.setAttribute("aria-label", say("close", "Close"));
    close.textContent = "×";
    close.addEventListener("click", hide);
    const title = document.createElement("h3");
    title.textContent = (c.number ? c.number + " " : "") + c.name + (c.polish ? ` (${c.polish})` : "");
    box.append(close, title);
    if (c.facts) {
      const facts = document.createElement("p");
      facts.className = "facts";
      facts.textContent = c.facts.join(" · ");
      box.append(facts);
    }
    if (c.svg) {                      // our own drawing of a tile's reach, from the same server
      const figure = document.createElement("figure");
      figure.innerHTML = c.svg;
      box.append(figure);
    }
    const text = document.createElement("p");
    text.className = "text";
    text.textContent = c.text;
    const more = document.createElement("p");
    more.className = "more";
    const link = document.createElement("a");
    link.href = `${rules}#${c.anchor}`;
    link.textContent = say("more", "On the rules page");
    more.append(link);
    box.append(text, more);
    box.hidden = false;
    pinned = pin;
    shownFor = button;
    if (button) button.setAttribute("aria-expanded", "true");
  }

  function hide() {
    const box = document.getElementById("ref-pop");
    if (box) box.hidden = true;
    if (shownFor) shownFor.setAttribute("aria-expanded", "false");
    pinned = false;
    shownFor = null;
  }

  function button(c) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "ref-info";
    b.textContent = "?";
    b.title = say("what", "What is %(name)s?", c.name);
    b.setAttribute("aria-label", say("whole", "The whole text of %(name)s", c.name));
    b.setAttribute("aria-expanded", "false");
    b.addEventListener("click", e => {
      e.stopPropagation();
      e.preventDefault();
      if (shownFor === b && pinned) return hide();
      show(c, b, true);
    });
    b.addEventListener("mouseenter", () => { if (!pinned) show(c, b, false); });
    b.addEventListener("mouseleave", () => { if (!pinned && shownFor === b) hide(); });
    return b;
  }

  function decorate() {
    if (!index) return;
    for (const el of document.querySelectorAll(HAND.map(k => `#seat-hand [data-${k}]`).join(","))) {
      if (el.querySelector(".ref-info")) continue;
      const kind = HAND.find(k => el.dataset[k] !== undefined);
      const c = find(kind, el.dataset[kind]);
      if (c) (el.querySelector("b") || el).after(button(c));
    }
    const options = "#seat-question .option[data-ref], #seat-question .option[data-target]";
    for (const el of document.querySelectorAll(options)) {
      if (el.nextElementSibling && el.nextElementSibling.classList.contains("ref-info")) continue;
      const c = el.dataset.ref ? index.get("#" + el.dataset.ref) : find("*", el.dataset.target);
      if (c) el.after(button(c));
    }
  }

  document.addEventListener("keydown", e => { if (e.key === "Escape") hide(); });
  document.addEventListener("click", e => {
    const box = document.getElementById("ref-pop");
    if (box && !box.hidden && !box.contains(e.target)) hide();
  });
  style();
  new MutationObserver(decorate).observe(document.body, { childList: true, subtree: true });
  const language = document.documentElement.lang;        // the page's (the seat's) language
  const asked = language && language !== "en" ? `${source}?lang=${encodeURIComponent(language)}` : source;
  fetch(asked, { credentials: "omit" }).then(r => (r.ok ? r.json() : {})).then(remember).catch(() => {});
})();
