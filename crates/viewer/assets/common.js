// Shared helpers of the viewer's pages: building elements, drawing cards, the link format
// (the record's UTF-8 text, base64url, in the fragment `#r=`) and the view endpoint.
"use strict";

const stich = (() => {
  /** An element with attributes and children (strings become text). */
  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined) continue;
      e.append(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
    }
    return e;
  }

  const SUIT_NAMES = { "♣": "clubs", "♠": "spades", "♥": "hearts", "♦": "diamonds" };

  /** A card as the report writes it (`♣J`, `♦10`), drawn with its suit colour. */
  function card(c, opts) {
    opts = opts || {};
    if (opts.hidden) return el("span", { class: "card back", role: "img", "aria-label": "hidden card" });
    const suit = Array.from(c)[0];
    const rank = c.slice(suit.length);
    const red = suit === "♥" || suit === "♦";
    return el("span", {
      class: "card " + (red ? "red" : "black") + (opts.won ? " won" : ""),
      "data-card": c,
      title: rank + " of " + (SUIT_NAMES[suit] || suit),
    }, c);
  }

  function cards(list, opts) {
    return el("span", { class: "cards" }, (list || []).map((c) => card(c, opts)));
  }

  function verdictBadge(v) {
    return el("span", { class: "badge " + v }, v);
  }

  // The link format: base64url (no padding) of the record's UTF-8 text.
  function encodeRecord(text) {
    const bytes = new TextEncoder().encode(text);
    let bin = "";
    for (const b of bytes) bin += String.fromCharCode(b);
    return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function decodeRecord(s) {
    const b64 = s.replace(/-/g, "+").replace(/_/g, "/");
    const bin = atob(b64 + "===".slice((b64.length + 3) % 4));
    const bytes = Uint8Array.from(bin, (ch) => ch.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  }

  function recordLink(text, extra) {
    let frag = "r=" + encodeRecord(text);
    for (const [k, v] of Object.entries(extra || {})) frag += "&" + k + "=" + encodeURIComponent(v);
    return location.origin + "/view#" + frag;
  }

  async function postView(body) {
    const res = await fetch("/v1/view", { method: "POST", headers: { "Content-Type": "text/x-stich" }, body });
    if (!res.ok) throw new Error("the service answered " + res.status);
    return res.json();
  }

  /** The record's text as numbered lines from `first`, ids `prefix + line`. */
  function source(ol, text, first, prefix) {
    ol.replaceChildren();
    ol.start = first;
    const lines = text.replace(/\n$/, "").split("\n");
    lines.forEach((line, i) => {
      const n = first + i;
      ol.append(el("li", { id: prefix + n, "data-line": n }, line || " "));
    });
  }

  /** Marks line `n` of a shown text and brings it into view. */
  function highlight(prefix, n) {
    document.querySelectorAll(".source li.hl").forEach((li) => li.classList.remove("hl"));
    const li = document.getElementById(prefix + n);
    if (!li) return false;
    li.classList.add("hl");
    li.tabIndex = -1;
    li.scrollIntoView({ block: "center" });
    li.focus({ preventScroll: true });
    return true;
  }

  /** The findings as a list, each with a link to its line. */
  function findingList(ul, findings, prefix) {
    ul.replaceChildren();
    if (!findings.length) ul.append(el("li", {}, "none"));
    for (const f of findings) {
      const where = f.line ? "line " + f.line + (f.column ? ":" + f.column : "") : "no place";
      const label = [el("span", { class: "code " + (f.severity || "") }, f.code), " ", where, ": ", f.message];
      const item = f.line
        ? el("a", {
            href: "#" + prefix + f.line, class: "finding", "data-line": f.line,
            onclick: (ev) => { ev.preventDefault(); highlight(prefix, f.line); },
          }, label)
        : el("span", {}, label);
      ul.append(el("li", {}, item, f.help ? el("div", { class: "hint" }, "help: " + f.help) : null));
    }
  }

  return { el, card, cards, verdictBadge, encodeRecord, decodeRecord, recordLink, postView, source, highlight, findingList };
})();
