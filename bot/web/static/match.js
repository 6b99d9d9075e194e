// The match page: step through the frames (buttons, arrow keys, a click on a move or on the chart) and check the
// dice in the browser with Web Crypto, by the formula of docs/fairness.md. The page carries the first frame's data;
// every frame's is fetched (once, from the page's own address) when the viewer first steps, and each board picture
// when its step is shown, the next one fetched ahead once the viewer steps.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const names = JSON.parse($("names").textContent);
  const path = document.body.dataset.path;
  const count = Number($("viewer").dataset.count);
  const items = new Map([...document.querySelectorAll("#moves li[data-i]")].map((li) => [Number(li.dataset.i), li]));
  let frames = [JSON.parse($("step0").textContent)];
  let loading = null;
  let current = 0;  // the step shown
  let wanted = 0;  // the step asked for last (shown once the steps' data is in)

  function load() {
    loading ??= fetch(`${path}/steps.json`, { credentials: "same-origin" })
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.json();
      })
      .then((all) => { frames = all; })
      .catch(() => {
        loading = null;  // the next step tries again
        $("what").textContent = "The steps could not be loaded: step again, or reload the page.";
      });
    return loading;
  }

  function judged(entry) {
    const box = document.createElement("p");
    const who = names[entry.who];
    const grade = entry.grade ? ` (${entry.grade})` : "";
    if (entry.loss > 0) {
      box.textContent = `${who}: ${entry.chosen}${grade}, best ${entry.best}, equity lost ${entry.loss.toFixed(3)}`;
    } else {
      box.textContent = `${who}: ${entry.chosen}, the best choice`;
    }
    if (entry.grade) box.className = entry.grade;
    return box;
  }

  function lucky(roll) {
    const box = document.createElement("p");
    const sign = roll.luck > 0 ? "+" : "";
    box.textContent = `${names[roll.who]}'s roll ${roll.dice}: luck ${sign}${roll.luck.toFixed(3)}`;
    box.className = "luck";
    return box;
  }

  function show(index) {
    const to = Math.max(0, Math.min(count - 1, index));
    wanted = to;
    if (to < frames.length) {
      draw(to);
      return;
    }
    load().then(() => {
      if (wanted === to && to < frames.length) draw(to);
    });
  }

  function draw(index) {
    current = index;
    const frame = frames[index];
    $("board").src = `${path}/steps/${index}.png`;
    if (frames.length > 1 && index + 1 < count) new Image().src = `${path}/steps/${index + 1}.png`;
    $("pid").textContent = frame.pid;
    $("mid").textContent = frame.mid;
    $("score").textContent = `${names[0]} ${frame.score[0]}, ${names[1]} ${frame.score[1]}`;
    $("pips").textContent = `${names[0]} ${frame.pips[0]}, ${names[1]} ${frame.pips[1]}`;
    $("cube").textContent = String(frame.cube);
    $("counter").textContent = `${index + 1} / ${count}`;
    const viewer = $("viewer");
    viewer.dataset.frame = String(index);
    viewer.dataset.actions = String(frame.n);
    viewer.dataset.pending = String(frame.pending);
    const item = items.get(index);
    $("what").textContent = item ? item.firstChild.textContent : "";
    $("judged").replaceChildren(...frame.lk.map(lucky), ...frame.an.map(judged));
    document.querySelectorAll("#moves li.current").forEach((li) => li.classList.remove("current"));
    if (item) {
      item.classList.add("current");
      const list = $("moves");  // scroll the list only, never the page
      if (item.offsetTop < list.scrollTop || item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = item.offsetTop - list.clientHeight / 2;
      }
    }
  }

  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(current - 1));
  $("next").addEventListener("click", () => show(current + 1));
  $("last").addEventListener("click", () => show(count - 1));
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: count - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    show(to);
  });
  for (const [index, li] of items) li.addEventListener("click", () => show(index));
  document.querySelectorAll("#chart circle[data-i]").forEach((dot) => {
    dot.addEventListener("click", () => show(Number(dot.dataset.i)));
  });
  draw(0);

  // --- the dice: roll k = the first two bytes below 252 of HMAC-SHA256(server seed, "c:a:k:j"), j = 0, 1, ...
  const button = $("check-dice");
  if (!button) return;
  const hex = (bytes) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
  const unhex = (text) => new Uint8Array(text.match(/../g).map((pair) => parseInt(pair, 16)));

  async function roll(key, seeds, k) {
    const dice = [];
    for (let j = 0; dice.length < 2; j++) {
      const message = new TextEncoder().encode(`${seeds}:${k}:${j}`);
      const block = new Uint8Array(await crypto.subtle.sign("HMAC", key, message));
      for (const byte of block) {
        if (byte < 252 && dice.length < 2) dice.push((byte % 6) + 1);
      }
    }
    return dice;
  }

  async function check() {
    const result = $("dice-result");
    if (!window.crypto || !crypto.subtle) {
      result.textContent = "This browser cannot check here: Web Crypto needs the page over https.";
      return;
    }
    const server = unhex($("server-seed").textContent.trim());
    const seeds = `${$("seed0").textContent}:${$("seed1").textContent}`;
    const committed = hex(await crypto.subtle.digest("SHA-256", server)) === $("commitment").textContent.trim();
    const key = await crypto.subtle.importKey("raw", server, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const rolls = JSON.parse($("roll-data").textContent);
    const rows = document.querySelectorAll("#rolls li");
    let good = 0;
    for (let k = 0; k < rolls.length; k++) {
      const made = await roll(key, seeds, k);
      const same = made[0] === rolls[k][0] && made[1] === rolls[k][1];
      good += same ? 1 : 0;
      rows[k].className = same ? "match" : "mismatch";
      rows[k].lastChild.textContent = same ? " ✓" : ` ✗ (the formula gives ${made[0]}-${made[1]})`;
    }
    const all = committed && good === rolls.length;
    result.textContent = `${committed ? "Commitment ✓" : "Commitment ✗ does not match"}; ${good} of ${rolls.length} rolls match.`;
    result.className = all ? "match" : "mismatch";
  }

  button.addEventListener("click", () => {
    button.disabled = true;
    check().finally(() => { button.disabled = false; });
  });
})();
