// The paste and upload page: POST the text to /v1/view, show each record's verdict and
// findings, each finding linked to its line in the record's text.
"use strict";

(() => {
  const { el, verdictBadge, recordLink, postView, source, findingList } = stich;
  const form = document.getElementById("form");
  const area = document.getElementById("records");
  const file = document.getElementById("file");
  const status = document.getElementById("status");
  const results = document.getElementById("results");

  file.addEventListener("change", async () => {
    const f = file.files && file.files[0];
    if (!f) return;
    const bytes = new Uint8Array(await f.arrayBuffer());
    // Compressed files go to the service as they are; text is shown in the box too.
    const compressed = (bytes[0] === 0x1f && bytes[1] === 0x8b) || (bytes[0] === 0x42 && bytes[1] === 0x5a) || (bytes[0] === 0x28 && bytes[1] === 0xb5);
    if (compressed) return run(bytes);
    area.value = new TextDecoder().decode(bytes);
    run(area.value);
  });

  form.addEventListener("submit", (ev) => { ev.preventDefault(); run(area.value); });

  async function run(body) {
    status.textContent = "Checking…";
    results.replaceChildren();
    let answer;
    try {
      answer = await postView(body);
    } catch (e) {
      status.textContent = "Could not check: " + e.message;
      return;
    }
    const n = answer.records.length;
    status.textContent = n === 0 ? "No record found." : n + (n === 1 ? " record" : " records") + " checked.";
    answer.records.forEach((r, i) => results.append(recordBox(r, i)));
  }

  function recordBox(r, i) {
    const rep = r.report;
    const prefix = "r" + i + "-L";
    const title = [rep.game || "?", rep.rules || ""].filter(Boolean).join(" · ");
    const event = rep.header && rep.header.Event ? " — " + rep.header.Event : "";
    const ul = el("ul", { class: "findings" });
    findingList(ul, rep.findings, prefix);
    const ol = el("ol", { class: "source", "aria-label": "the record's text" });
    source(ol, r.text, r.line, prefix);
    const open = r.view
      ? el("a", { href: recordLink(r.text), class: "open" }, "Open the record")
      : null;
    return el("section", { class: "record", "data-record": i },
      el("h2", {}, verdictBadge(rep.verdict), " ", "Record " + (i + 1) + " (line " + r.line + "): " + title + event),
      open,
      el("h3", {}, "Findings"), ul,
      el("details", { open: rep.findings.length > 0 }, el("summary", {}, "Text"), ol));
  }
})();
