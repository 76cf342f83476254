// A record's page: the seats and what each still holds, the phases, the play step by step
// (card by card, trick by trick) from any seat's view or all open, the running figures and
// the result. It draws the family-neutral view of POST /v1/view and names no game.
"use strict";

(() => {
  const { el, card, cards, verdictBadge, recordLink, postView, source, findingList, decodeRecord } = stich;
  const $ = (id) => document.getElementById(id);
  const status = $("status");

  let rec = null;   // { report, view, text, line }
  let view = null;
  let pos = 0;      // steps applied, 0..steps.length
  let seatView = ""; // "" = all open, else a seat label
  let idLink = null; // the collection link, where the record came from one

  function params() {
    const frag = new URLSearchParams(location.hash.slice(1));
    const query = new URLSearchParams(location.search);
    return { frag, query };
  }

  async function load() {
    const { frag, query } = params();
    let text = null;
    try {
      if (frag.get("r")) {
        text = decodeRecord(frag.get("r"));
      } else if (query.get("c") && query.get("r")) {
        const c = encodeURIComponent(query.get("c"));
        const r = encodeURIComponent(query.get("r"));
        idLink = location.origin + "/view?c=" + c + "&r=" + r;
        const res = await fetch("/v1/collections/" + c + "/records/" + r + "?format=stich");
        if (!res.ok) throw new Error("the collection answered " + res.status);
        text = await res.text();
      } else {
        status.replaceChildren("No record given: ", el("a", { href: "/" }, "paste one"), ".");
        return;
      }
    } catch (e) {
      status.textContent = "Could not read the record: " + e.message;
      return;
    }
    let answer;
    try {
      answer = await postView(text);
    } catch (e) {
      status.textContent = "Could not check the record: " + e.message;
      return;
    }
    rec = answer.records[0];
    if (!rec) { status.textContent = "No record found in the link."; return; }
    view = rec.view;
    status.textContent = "";
    $("record").hidden = false;
    drawStatic();
    const n = view ? view.steps.length : 0;
    pos = Math.max(0, Math.min(n, parseInt(frag.get("s") || "0", 10) || 0));
    const wanted = frag.get("v") || "";
    if (view && view.seats.some((s) => s.label === wanted)) seatView = wanted;
    $("seat").value = seatView;
    draw();
  }

  function drawStatic() {
    const rep = rec.report;
    const event = rep.header && rep.header.Event;
    const name = view ? view.name : rep.game || "record";
    $("title").textContent = name + (rep.rules ? " · " + rep.rules : "") + (event ? " — " + event : "");
    document.title = "stich — " + $("title").textContent;
    $("verdict").replaceChildren(verdictBadge(rep.verdict), " ",
      rep.findings.length + (rep.findings.length === 1 ? " finding" : " findings"));
    source($("source"), rec.text, rec.line, "L");
    findingList($("findings"), rep.findings, "L");
    const sel = $("seat");
    sel.replaceChildren(el("option", { value: "" }, "all hands open (0)"));
    if (!view) {
      $("h-play").parentElement.hidden = true;
      return;
    }
    view.seats.forEach((s, i) => sel.append(el("option", { value: s.label }, "as " + s.label + (s.player ? " (" + s.player + ")" : "") + " (" + (i + 1) + ")")));
    $("pos").max = view.steps.length;
    drawPhases();
    drawTricks();
    const dl = $("result");
    dl.replaceChildren();
    for (const l of view.result) dl.append(el("dt", {}, l.label), el("dd", {}, l.value));
    $("notes").replaceChildren(...view.notes.map((n) => el("li", {}, n)));
  }

  function drawPhases() {
    const piles = $("piles");
    piles.replaceChildren();
    for (const s of view.seats) {
      if (s.dealt.length) piles.append(el("div", { class: "phase" }, el("strong", {}, s.label + " dealt: "), cards(s.dealt)));
    }
    for (const p of view.piles) piles.append(el("div", { class: "phase" }, el("strong", {}, p.label + ": "), cards(p.cards)));
    const ph = $("phases");
    ph.replaceChildren();
    for (const p of view.phases) {
      ph.append(el("div", { class: "phase" }, el("h3", {}, p.label),
        el("ul", {}, p.entries.map((e) => el("li", {}, e.seat ? el("strong", {}, e.seat + " ") : null, e.text, e.cards.length ? " " : null, e.cards.length ? cards(e.cards) : null)))));
    }
  }

  function drawTricks() {
    const box = $("tricks");
    box.replaceChildren();
    if (!view.tricks.length) { box.append(el("p", {}, "No tricks: the play goes step by step.")); return; }
    const body = el("tbody");
    for (const t of view.tricks) {
      const played = view.steps.slice(t.first, t.last + 1).filter((s) => s.card && s.trick === t.number - 1 && (s.kind === "play" || s.kind === "play_blind"));
      body.append(el("tr", { "data-trick": t.number },
        el("td", { class: "n" }, el("button", { type: "button", "aria-label": "Go to trick " + t.number, onclick: () => go(t.last + 1) }, String(t.number))),
        el("td", {}, t.leader),
        el("td", {}, played.map((s) => card(s.card, { won: s.seat === t.winner }))),
        el("td", {}, t.winner || "?"),
        el("td", { class: "n" }, t.points === null || t.points === undefined ? "" : String(t.points))));
    }
    box.append(el("table", { class: "tricks" },
      el("thead", {}, el("tr", {}, ["#", "lead", "cards", "won", "points"].map((h) => el("th", { scope: "col" }, h)))), body));
  }

  /** What each seat holds after `n` steps: its hand at the start, less the cards played and
   *  laid, with the cards drawn. */
  function hands(n) {
    const h = new Map(view.seats.map((s) => [s.label, s.hand.slice()]));
    for (const s of view.steps.slice(0, n)) {
      if (!s.seat || !s.card || !h.has(s.seat)) continue;
      const hand = h.get(s.seat);
      if (s.kind === "play" || s.kind === "lay") {
        const i = hand.indexOf(s.card);
        if (i >= 0) hand.splice(i, 1);
      } else if (s.kind === "draw") hand.push(s.card);
    }
    return h;
  }

  function stepWords(s) {
    if (!s) return "before the play";
    const who = s.seat ? s.seat + " " : "";
    switch (s.kind) {
      case "play": return who + "plays " + s.card + (s.text ? " — " + s.text : "");
      case "play_blind": return who + "plays " + s.card + " from the stock";
      case "draw": return who + "draws " + (seatView && seatView !== s.seat ? "a card" : s.card);
      case "lay": return who + "lays " + s.card;
      default: return who + (s.text || s.kind);
    }
  }

  function draw() {
    if (!view) return;
    const n = view.steps.length;
    const last = pos > 0 ? view.steps[pos - 1] : null;
    const trickIndex = last && last.trick !== null && last.trick !== undefined ? last.trick : null;
    const where = trickIndex !== null ? "Trick " + (trickIndex + 1) + " of " + view.tricks.length + ", " : "";
    $("where").textContent = "Step " + pos + " of " + n + ": " + where + stepWords(last);
    $("pos").value = pos;
    $("first").disabled = $("prev").disabled = $("prev-trick").disabled = pos === 0;
    $("last").disabled = $("next").disabled = $("next-trick").disabled = pos === n;
    const held = hands(pos);
    const next = view.steps[pos];
    const table = $("table");
    table.replaceChildren();
    for (const s of view.seats) {
      const hidden = seatView !== "" && seatView !== s.label;
      const hand = held.get(s.label) || [];
      const roles = s.roles.filter((r) => r !== s.side);
      const meta = [s.player, s.side && s.side !== s.label ? "side " + s.side : null, roles.join(", ") || null].filter(Boolean).join(" · ");
      table.append(el("div", { class: "seat" + (next && next.seat === s.label ? " turn" : ""), "data-seat": s.label },
        el("div", {}, el("span", { class: "name" }, s.label), meta ? el("span", { class: "meta" }, " " + meta) : null,
          el("span", { class: "meta" }, " · " + hand.length + (hand.length === 1 ? " card" : " cards"))),
        el("div", { class: "hand", "aria-label": s.label + "'s hand" }, hand.map((c) => card(c, { hidden })))));
    }
    // The current trick: the cards of the trick the last step belongs to, so far.
    const trick = $("trick");
    trick.replaceChildren();
    if (trickIndex !== null) {
      const t = view.tricks[trickIndex];
      for (const s of view.steps.slice(t.first, pos)) {
        if (s.trick !== trickIndex) continue;
        if (s.card && (s.kind === "play" || s.kind === "play_blind")) {
          const done = pos > t.last;
          trick.append(el("div", { class: "played" }, card(s.card, { won: done && s.seat === t.winner }), s.seat));
        }
      }
      if (pos > t.last && t.winner) trick.append(el("div", { class: "action" }, t.winner + " wins" + (t.points !== null && t.points !== undefined ? " " + t.points : "")));
    } else if (last) {
      trick.append(el("div", { class: "action" }, stepWords(last), last.cards.length ? " " : null, last.cards.length ? cards(last.cards) : null,
        last.count !== null && last.count !== undefined ? " · count " + last.count : null));
    }
    drawRunning(last ? last.running : view.start, last);
    document.querySelectorAll(".tricks tr.current").forEach((tr) => tr.classList.remove("current"));
    if (trickIndex !== null) {
      const tr = document.querySelector('.tricks tr[data-trick="' + (trickIndex + 1) + '"]');
      if (tr) tr.classList.add("current");
    }
  }

  function drawRunning(counts, last) {
    const box = $("running");
    box.replaceChildren();
    if (!counts.length) return;
    const labels = [...new Set(counts.map((c) => c.label))];
    const sides = [...new Set(counts.map((c) => c.side))];
    const body = el("tbody", {}, sides.map((side) => el("tr", {}, el("th", { scope: "row" }, side),
      labels.map((l) => { const c = counts.find((x) => x.side === side && x.label === l); return el("td", { class: "n", "data-side": side, "data-label": l }, c ? String(c.value) : ""); }))));
    box.append(el("table", { "aria-label": "the running count" },
      el("thead", {}, el("tr", {}, el("th", {}, last && last.count !== null && last.count !== undefined ? "count " + last.count : ""), labels.map((l) => el("th", { scope: "col" }, l)))), body));
  }

  function go(n) {
    if (!view) return;
    pos = Math.max(0, Math.min(view.steps.length, n));
    draw();
  }

  /** The step after the next trick's last card (or the current one's, mid-trick). */
  function nextTrick() {
    const t = view.tricks.find((t) => t.last + 1 > pos);
    return t ? t.last + 1 : view.steps.length;
  }

  function prevTrick() {
    const done = view.tricks.filter((t) => t.last + 1 < pos);
    return done.length ? done[done.length - 1].last + 1 : 0;
  }

  $("first").addEventListener("click", () => go(0));
  $("last").addEventListener("click", () => go(view.steps.length));
  $("prev").addEventListener("click", () => go(pos - 1));
  $("next").addEventListener("click", () => go(pos + 1));
  $("prev-trick").addEventListener("click", () => go(prevTrick()));
  $("next-trick").addEventListener("click", () => go(nextTrick()));
  $("pos").addEventListener("input", () => go(parseInt($("pos").value, 10) || 0));
  $("seat").addEventListener("change", () => { seatView = $("seat").value; draw(); });

  $("share").addEventListener("click", () => {
    const extra = {};
    if (pos) extra.s = pos;
    if (seatView) extra.v = seatView;
    const link = recordLink(rec.text, extra);
    // The link that holds the record itself; beside it, for a record of a collection, the
    // link by its id.
    const input = $("link");
    input.hidden = false;
    input.value = link;
    if (idLink) {
      $("id-link").hidden = false;
      $("id-link").value = idLink;
    }
    input.focus();
    input.select();
    if (navigator.clipboard) navigator.clipboard.writeText(input.value).catch(() => {});
    if (!idLink) history.replaceState(null, "", link);
  });

  document.addEventListener("keydown", (ev) => {
    if (!view || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const t = ev.target;
    if (t && (t.tagName === "INPUT" && t.type !== "range" || t.tagName === "TEXTAREA" || t.tagName === "SELECT")) return;
    const keys = {
      ArrowRight: () => go(pos + 1), ArrowLeft: () => go(pos - 1),
      ArrowDown: () => go(nextTrick()), PageDown: () => go(nextTrick()),
      ArrowUp: () => go(prevTrick()), PageUp: () => go(prevTrick()),
      Home: () => go(0), End: () => go(view.steps.length),
    };
    let f = keys[ev.key];
    if (!f && /^[0-9]$/.test(ev.key)) {
      const i = parseInt(ev.key, 10);
      if (i === 0 || i <= view.seats.length) f = () => { seatView = i === 0 ? "" : view.seats[i - 1].label; $("seat").value = seatView; draw(); };
    }
    if (f) { ev.preventDefault(); f(); }
  });

  window.addEventListener("hashchange", () => { if (new URLSearchParams(location.hash.slice(1)).get("r")) load(); });
  load();
})();
