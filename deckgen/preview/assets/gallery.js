// The deckgen gallery: filters, a closer look at a card, and (under `deckgen serve`) live updates.
(function () {
  "use strict";
  const root = document.documentElement;
  const state = { game: "", deck: "", lang: "", side: "front", view: "cut", problems: false, search: "" };

  function restore() {
    const hash = new URLSearchParams(location.hash.slice(1));
    for (const key of Object.keys(state)) {
      if (!hash.has(key)) continue;
      state[key] = key === "problems" ? hash.get(key) === "1" : hash.get(key);
    }
  }

  function remember() {
    const hash = new URLSearchParams();
    for (const [key, value] of Object.entries(state)) {
      const initial = { side: "front", view: "cut" }[key] || "";
      if (key === "problems" ? value : value && value !== initial) hash.set(key, key === "problems" ? "1" : value);
    }
    const text = hash.toString();
    history.replaceState(null, "", text ? "#" + text : location.pathname + location.search);
  }

  function sync() {
    for (const chip of document.querySelectorAll(".chip[data-set]")) {
      chip.setAttribute("aria-pressed", String(state[chip.dataset.set] === chip.dataset.value));
    }
    const deck = document.getElementById("deck-filter");
    if (deck) {
      if (![...deck.options].some((o) => o.value === state.deck)) state.deck = "";
      deck.value = state.deck;
    }
    const only = document.getElementById("only-problems");
    if (only) only.checked = state.problems;
    const search = document.getElementById("search");
    if (search && search.value !== state.search) search.value = state.search;
    document.body.classList.toggle("side-back", state.side === "back");
    document.body.classList.toggle("view-bleed", state.view === "bleed");
    document.body.classList.toggle("view-miscut", state.view === "miscut");
  }

  function langOk(el) {
    const lang = el.dataset.lang;
    return !state.lang || !lang || lang === "*" || lang === state.lang;
  }

  function apply() {
    sync();
    const needle = state.search.trim().toLowerCase();
    let shown = 0;
    for (const game of document.querySelectorAll("section.game")) {
      const gameOk = !state.game || game.dataset.game === state.game;
      let gameShown = 0;
      for (const deck of game.querySelectorAll("section.deck")) {
        const deckOk = gameOk && (!state.deck || deck.dataset.deck === state.deck) && langOk(deck);
        let deckShown = 0;
        for (const tile of deck.querySelectorAll(".tile")) {
          const ok = deckOk && langOk(tile)
            && (!state.problems || Number(tile.dataset.problems) > 0)
            && (!needle || tile.dataset.card.toLowerCase().includes(needle) || tile.dataset.name.includes(needle));
          tile.hidden = !ok;
          if (ok) deckShown++;
        }
        const designOk = deckOk && state.problems && !needle && Number(deck.dataset.problems) > 0;
        deck.hidden = !(deckShown || designOk);
        shown += deckShown;
        gameShown += deckShown + (designOk ? 1 : 0);
      }
      for (const extra of game.querySelectorAll("section.extras")) {
        const ok = gameOk && !state.deck && !needle && (!state.problems || Number(extra.dataset.problems) > 0);
        extra.hidden = !ok;
        for (const item of extra.querySelectorAll("[data-lang]")) item.hidden = !langOk(item);
        if (ok) gameShown++;
      }
      const gameProblems = game.querySelector(".game-problems");
      game.hidden = !(gameOk && (gameShown || (state.problems && gameProblems && !state.deck)));
    }
    const empty = document.getElementById("empty");
    if (empty) empty.hidden = shown > 0 || document.querySelector("section.game:not([hidden])") !== null;
    const badge = document.getElementById("count-problems");
    if (badge) badge.classList.toggle("some", Number(badge.textContent) > 0);
    root.dataset.shown = String(shown);
    remember();
  }

  document.addEventListener("click", (event) => {
    const chip = event.target.closest(".chip[data-set]");
    if (chip) {
      state[chip.dataset.set] = chip.dataset.value;
      apply();
      return;
    }
    const face = event.target.closest(".face");
    if (face && state.view !== "miscut") {
      zoomTile(face.closest(".tile"));
      return;
    }
    const zoomable = event.target.closest(".zoomable");
    if (zoomable) zoomPicture(zoomable.querySelector("img"));
  });
  document.addEventListener("change", (event) => {
    if (event.target.id === "deck-filter") state.deck = event.target.value;
    if (event.target.id === "only-problems") state.problems = event.target.checked;
    apply();
  });
  document.addEventListener("input", (event) => {
    if (event.target.id === "search") {
      state.search = event.target.value;
      apply();
    }
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "/" && document.activeElement.tagName !== "INPUT") {
      event.preventDefault();
      document.getElementById("search").focus();
    }
  });

  // ---------------------------------------------------------------- a closer look

  function zoom(build) {
    const dialog = document.getElementById("zoom");
    const body = dialog.querySelector(".zoom-body");
    body.replaceChildren();
    build(body);
    if (!dialog.open) dialog.showModal();
  }

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function zoomTile(tile) {
    if (!tile) return;
    zoom((body) => {
      body.append(el("h2", "", tile.querySelector(".name").textContent));
      body.append(tile.querySelector(".id").cloneNode(true));
      const sides = el("div", "sides");
      for (const img of tile.querySelectorAll(".card img")) {
        const figure = el("figure");
        const big = el("img");
        big.src = img.getAttribute("src");
        big.alt = img.alt;
        figure.append(big, el("figcaption", "", img.classList.contains("back") ? "back, with bleed" : "front, with bleed"));
        sides.append(figure);
      }
      const miscut = tile.querySelector(".miscut img");
      if (miscut) {
        const figure = el("figure");
        const big = el("img");
        big.src = miscut.getAttribute("src");
        big.alt = miscut.alt;
        big.style.maxHeight = "40vh";
        figure.append(big, el("figcaption", "", "cut 1 mm ← → ↑ ↓"));
        sides.append(figure);
      }
      body.append(sides);
      const problems = tile.querySelector(".problems");
      if (problems) body.append(problems.cloneNode(true));
    });
  }

  function zoomPicture(img) {
    if (!img) return;
    zoom((body) => {
      const figure = el("figure");
      const big = el("img");
      big.src = img.getAttribute("src");
      big.alt = img.alt;
      big.style.maxHeight = "80vh";
      figure.append(big, el("figcaption", "", img.alt));
      body.append(figure);
    });
  }

  // ---------------------------------------------------------------- live (deckgen serve)

  function showStatus(s) {
    const box = document.getElementById("status");
    const errors = s.errors || [];
    box.replaceChildren();
    box.className = "status";
    if (errors.length) {
      const list = el("ul");
      for (const e of errors) {
        const item = el("li");
        if (e.where) item.append(el("code", "where", e.where), " ");
        if (e.field) item.append(el("code", "field", e.field), " ");
        item.append(el("span", "message", e.message));
        list.append(item);
      }
      box.append(list);
      box.hidden = false;
    } else if (s.busy) {
      box.classList.add("busy");
      box.textContent = s.busy + "…";
      box.hidden = false;
    } else {
      box.hidden = true;
    }
    root.dataset.errors = String(errors.length);
    const foot = document.getElementById("foot-live");
    if (foot) foot.textContent = s.line ? "live · " + s.line : "live";
  }

  async function swap(page) {
    if (root.dataset.page === "0") {  // the page shown while the first gallery was built: load the whole page
      location.reload();
      return;
    }
    const response = await fetch("index.html?page=" + page, { cache: "no-store" });
    if (!response.ok) return;
    const doc = new DOMParser().parseFromString(await response.text(), "text/html");
    for (const id of ["gallery", "meta", "deck-filter", "count-problems"]) {
      const fresh = doc.getElementById(id);
      const old = document.getElementById(id);
      if (fresh && old) old.replaceWith(document.importNode(fresh, true));
    }
    root.dataset.page = String(page);
    apply();
  }

  function measureBar() {
    const bar = document.getElementById("bar");
    if (bar) root.style.setProperty("--bar-h", bar.offsetHeight + "px");
  }

  async function live() {
    let version = -1;
    let page = Number(root.dataset.page || 0);
    for (;;) {
      try {
        const response = await fetch("/_deckgen/state?since=" + version, { cache: "no-store" });
        const s = await response.json();
        showStatus(s);
        if (s.page !== page) {
          await swap(s.page);
          page = s.page;
        }
        version = s.version;
      } catch (err) {
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
    }
  }

  restore();
  apply();
  measureBar();
  window.addEventListener("resize", measureBar);
  if (root.dataset.live && location.protocol.startsWith("http")) live();
})();
