// The live board inside Discord (docs/activity.md): sign in through the Embedded App SDK, then draw the match the
// web server sends over its socket, and send this player's actions. Legal targets only: the server's list of the
// next legal steps decides where a checker may go, so nothing else is ever sent.
"use strict";

(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const COLOURS = {
    frame: "#5a3d2b", field: "#2d6150", points: ["#d8c39a", "#a5503f"], bar: "#4c3324", tray: "#24483c",
    faces: ["#f4efe3", "#26272b"], rims: ["#4a4238", "#b9bcc4"], texts: ["#1d1b18", "#f4f4f6"],
    cube: "#fbfaf6", cubeText: "#1d1b18", moved: "#3fb4ff",
  };
  const clientId = document.body.dataset.clientId;
  const board = document.getElementById("board");
  let socket = null, session = null, channelId = null, state = null, labels = {}, words = {};
  let picked = null, dragging = null, resignAsked = false, retries = 0;
  let shownDice = "", receivedAt = 0;

  function note(text, refused) {
    const el = document.getElementById("note");
    el.textContent = text || "";
    el.className = refused ? "refused" : "";
  }

  // --- sign-in ------------------------------------------------------------------------------------------------
  async function signIn() {
    const sdk = new window.GammonDiscordSDK(clientId, { disableConsoleLogOverride: true });
    await sdk.ready();
    channelId = sdk.channelId;
    note(words.signin || "…");
    const { code } = await sdk.commands.authorize({
      client_id: clientId, response_type: "code", state: "", prompt: "none", scope: ["identify"],
    });
    const answer = await fetch("api/token", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ code }),
    });
    if (!answer.ok) throw new Error("sign-in refused");
    const signed = await answer.json();
    await sdk.commands.authenticate({ access_token: signed.access_token });
    session = signed.session;
    connect();
  }

  // --- the socket ---------------------------------------------------------------------------------------------
  function connect() {
    const url = new URL("api/ws", location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(url);
    socket.onopen = () => {
      retries = 0;
      const watching = state ? state.match : null;
      socket.send(JSON.stringify({ type: "hello", session, channel: channelId, language: navigator.language }));
      if (watching !== null) socket.send(JSON.stringify({ type: "watch", match: watching }));
    };
    socket.onmessage = (event) => receive(JSON.parse(event.data));
    socket.onclose = () => {
      note(words.connecting || "…");
      retries += 1;
      setTimeout(connect, Math.min(250 * retries, 2000));  // by itself, after a restart of the server
    };
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function receive(message) {
    if (message.type === "welcome") {
      labels = message.labels; words = message.words; note("");
    } else if (message.type === "state") {
      state = message.state; picked = null; dragging = null; resignAsked = false; receivedAt = Date.now();
      document.getElementById("matches").replaceChildren();
      draw(); buttons(); describe();
      note(state.seat === null ? words.watching : "");
    } else if (message.type === "refused") {
      note(message.message, true);
    } else if (message.type === "matches") {
      list(message.matches);
    } else if (message.type === "signin") {
      socket.onclose = null; note(message.message, true); signIn().catch(() => note(message.message, true));
    }
  }

  function list(matches) {
    const ul = document.getElementById("matches");
    note(matches.length ? words.choose : words.none);
    ul.replaceChildren(...matches.map((one) => {
      const li = document.createElement("li"), button = document.createElement("button");
      button.textContent = `#${one.id} ${one.names[0]} – ${one.names[1]}`;
      button.onclick = () => send({ type: "watch", match: one.id });
      li.append(button);
      return li;
    }));
  }

  // --- drawing ------------------------------------------------------------------------------------------------
  function el(name, attributes, parent) {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    (parent || board).append(node);
    return node;
  }

  function pointX(p) {
    if (p <= 6) return 330 + (6 - p) * 40;
    if (p <= 12) return 20 + (12 - p) * 40;
    if (p <= 18) return 20 + (p - 13) * 40;
    return 330 + (p - 19) * 40;
  }
  const top = (p) => p >= 13;

  function colour(mine) { return mine ? state.side : 1 - state.side; }

  function checker(cx, cy, mine, label, extra) {
    const c = colour(mine);
    const node = el("circle", { cx, cy, r: 17, fill: COLOURS.faces[c], stroke: COLOURS.rims[c], "stroke-width": 2,
      class: "checker" + (extra ? " " + extra : "") });
    if (label) el("text", { x: cx, y: cy + 5, "text-anchor": "middle", "font-size": 14, fill: COLOURS.texts[c] })
      .textContent = label;
    return node;
  }

  function stack(x, count, mine, upper, start) {
    const shown = Math.min(count, 5);
    for (let i = 0; i < shown; i++) {
      const cy = upper ? 38 + i * 35 : 422 - i * 35;
      const last = i === shown - 1;
      const movable = mine && last && start !== null && starts().has(start);
      const node = checker(x + 20, cy, mine, last && count > 5 ? String(count) : "", movable ? "movable" : "");
      if (movable) node.dataset.point = start;
    }
  }

  function starts() { return new Set(state.steps.map((s) => s[0])); }
  function targets(start) { return state.steps.filter((s) => s[0] === start); }

  function draw() {
    board.replaceChildren();
    // What the board shows, for assistive tools and the browser test: the stored version, whose turn, the status.
    board.dataset.version = state.version;
    board.dataset.status = state.status;
    board.dataset.toAct = state.to_act === null ? "" : state.to_act;
    el("rect", { x: 0, y: 0, width: 640, height: 460, rx: 10, fill: COLOURS.frame });
    el("rect", { x: 20, y: 20, width: 240, height: 420, fill: COLOURS.field });
    el("rect", { x: 330, y: 20, width: 240, height: 420, fill: COLOURS.field });
    el("rect", { x: 260, y: 20, width: 70, height: 420, fill: COLOURS.bar });
    el("rect", { x: 580, y: 20, width: 50, height: 200, fill: COLOURS.tray });
    el("rect", { x: 580, y: 240, width: 50, height: 200, fill: COLOURS.tray });
    for (let p = 1; p <= 24; p++) {
      const x = pointX(p), up = top(p);
      const tip = up ? 210 : 250, base = up ? 20 : 440;
      el("polygon", { points: `${x},${base} ${x + 40},${base} ${x + 20},${tip}`, fill: COLOURS.points[p % 2] });
      el("text", { x: x + 20, y: up ? 14 : 456, "text-anchor": "middle", "font-size": 10, fill: "#f1e3cc" })
        .textContent = p;
      const count = state.points[p - 1];
      if (count) stack(x, Math.abs(count), count > 0, up, count > 0 ? p : null);
    }
    barAndTrays();
    dice();
    cube();
    if (picked !== null) highlight();
  }

  function barAndTrays() {
    for (let i = 0; i < Math.min(state.bar[0], 4); i++) {
      const node = checker(295, 270 + i * 35, true, i === 0 && state.bar[0] > 1 ? String(state.bar[0]) : "",
        starts().has(25) && i === 0 ? "movable" : "");
      if (starts().has(25) && i === 0) node.dataset.point = 25;
    }
    for (let i = 0; i < Math.min(state.bar[1], 4); i++)
      checker(295, 190 - i * 35, false, i === 0 && state.bar[1] > 1 ? String(state.bar[1]) : "");
    for (let i = 0; i < state.off[0]; i++)
      el("rect", { x: 584, y: 432 - i * 12, width: 42, height: 10, rx: 3, fill: COLOURS.faces[colour(true)] });
    for (let i = 0; i < state.off[1]; i++)
      el("rect", { x: 584, y: 22 + i * 12, width: 42, height: 10, rx: 3, fill: COLOURS.faces[colour(false)] });
  }

  function dice() {
    if (!state.dice || state.to_act === null) { shownDice = ""; return; }
    const c = colour(state.to_act === 0), x0 = state.to_act === 0 ? 400 : 90;
    const roll = `${state.version - state.moved.length}:${state.dice}`;  // the same roll while its steps are entered
    const fresh = roll !== shownDice;  // just rolled: the dice fall (activity.css)
    shownDice = roll;
    state.dice.forEach((value, i) => {
      const x = x0 + i * 56;
      const die = el("g", { class: fresh ? "die fresh" : "die" });
      el("rect", { x, y: 208, width: 44, height: 44, rx: 8, fill: COLOURS.faces[c], stroke: COLOURS.rims[c] }, die);
      el("text", { x: x + 22, y: 238, "text-anchor": "middle", "font-size": 24, "font-weight": 700,
        fill: COLOURS.texts[c] }, die).textContent = value;
    });
  }

  function cube() {
    const y = state.cube_owner === null ? 207 : state.cube_owner === 0 ? 390 : 26;
    el("rect", { x: 272, y, width: 46, height: 46, rx: 6, fill: COLOURS.cube });
    el("text", { x: 295, y: y + 31, "text-anchor": "middle", "font-size": 20, "font-weight": 700,
      fill: COLOURS.cubeText }).textContent = state.cube_owner === null && state.cube === 1 ? 64 : state.cube;
  }

  function targetBox(end) {
    if (end === 0) return { x: 580, y: 240, width: 50, height: 200 };
    return { x: pointX(end), y: top(end) ? 20 : 250, width: 40, height: 190 };
  }

  function highlight() {
    for (const [, end] of targets(picked))
      el("rect", Object.assign(targetBox(end), { class: "target", "data-point": end }));
  }

  // --- moving checkers: drag, or tap the checker then its target -----------------------------------------------
  function pointAt(event) {
    const box = board.getBoundingClientRect();
    const x = (event.clientX - box.left) * 640 / box.width, y = (event.clientY - box.top) * 460 / box.height;
    if (x >= 576) return 0;
    if (x >= 260 && x < 330) return 25;
    const upper = y < 230;
    if (x >= 330 && x < 570) { const i = Math.floor((x - 330) / 40); return upper ? 19 + i : 6 - i; }
    if (x >= 20 && x < 260) { const i = Math.floor((x - 20) / 40); return upper ? 13 + i : 12 - i; }
    return null;
  }

  function step(start, end) {
    const dice = targets(start).filter((s) => s[1] === end).map((s) => s[2]);
    if (!dice.length) return false;
    send({ type: "act", match: state.match, version: state.version, action: "step", start,
      die: Math.min(...dice) });
    picked = null;
    return true;
  }

  board.addEventListener("pointerdown", (event) => {
    if (!state) return;
    board.dataset.pointer = event.pointerType;  // mouse, touch or pen: the browser test checks the phone's finger
    const at = pointAt(event);
    if (picked !== null && at !== picked && step(picked, at)) return;
    picked = at !== null && starts().has(at) ? at : null;
    dragging = picked === null ? null : el("circle", { cx: -50, cy: -50, r: 17, class: "ghost",
      fill: COLOURS.faces[colour(true)], opacity: 0.8 });
    draw();
    if (dragging) { board.append(dragging); board.setPointerCapture(event.pointerId); }
  });
  board.addEventListener("pointermove", (event) => {
    if (!dragging) return;
    const box = board.getBoundingClientRect();
    dragging.setAttribute("cx", (event.clientX - box.left) * 640 / box.width);
    dragging.setAttribute("cy", (event.clientY - box.top) * 460 / box.height);
  });
  board.addEventListener("pointerup", (event) => {
    if (!dragging) return;
    dragging.remove(); dragging = null;
    const at = pointAt(event);
    if (picked !== null && at !== picked) step(picked, at) || (picked = null, draw());
  });

  // --- buttons and words ----------------------------------------------------------------------------------------
  const STYLE = { double: "grey", drop: "red", resign: "red", brefuse: "red", rdecline: "red", take: "green",
    baccept: "green", raccept: "green", undo: "grey" };

  function buttons() {
    const box = document.getElementById("controls");
    box.replaceChildren(...state.actions.map((word) => {
      const button = document.createElement("button");
      button.textContent = labels[word] || word;
      button.dataset.action = word;
      button.className = STYLE[word] || "";
      button.onclick = () => {
        if (word === "resign" && !resignAsked) { resignAsked = true; note(words.confirm_resign); return; }
        send({ type: "act", match: state.match, version: state.version, action: word });
      };
      return button;
    }));
  }

  function clock(seconds) {
    const s = Math.max(0, Math.floor(seconds));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }

  function describe() {
    for (const side of [0, 1]) {
      document.getElementById(`name${side}`).textContent = state.names[side];
      const parts = [`${state.pips[side]} ${words.pips || "pips"}`];
      if (state.length) parts.push(`${state.score[side]}/${state.length}`);
      if (state.clock) {  // the clock of the player to act runs down between two states
        const running = state.to_act === side ? (Date.now() - receivedAt) / 1000 : 0;
        parts.push(clock(state.clock[side] - running));
      }
      document.getElementById(`info${side}`).textContent = parts.join(" · ");
      document.getElementById(side ? "top" : "bottom").classList.toggle("turn", state.to_act === side);
    }
  }

  setInterval(() => { if (state && state.clock) describe(); }, 1000);
  signIn().catch((error) => note(String(error && error.message ? error.message : error), true));
})();
