// The Discord client's side of the Embedded App SDK's postMessage protocol, as far as the live board uses it: the
// handshake (answered with READY), AUTHORIZE (answered with the code the test asked Discord's stand-in for) and
// AUTHENTICATE (answered with the member, once the token is the one that code was exchanged for: the test checks
// `window.authenticated` against the stand-in). Opcodes: 0 handshake, 1 frame, 2 close, 3 hello.
"use strict";
const params = new URLSearchParams(location.search);
const frame = document.createElement("iframe");
frame.src = params.get("src");
frame.id = "activity";
document.body.append(frame);
window.commands = [];
window.authenticated = null;

function reply(payload) {
  frame.contentWindow.postMessage([1, payload], "*");
}

window.addEventListener("message", (event) => {
  if (event.source !== frame.contentWindow || !Array.isArray(event.data)) return;
  const [opcode, data] = event.data;
  if (opcode === 0) {
    if (data.client_id !== params.get("client_id") || data.frame_id !== params.get("frame_id")) return;
    reply({ cmd: "DISPATCH", evt: "READY", nonce: null, data: {
      v: 1, config: { cdn_host: "cdn.discordapp.com", api_endpoint: "//discord.com/api", environment: "production" },
    } });
    return;
  }
  if (opcode !== 1) return;
  window.commands.push(data.cmd);
  if (data.cmd === "AUTHORIZE") {
    const scopes = data.args.scope || [];
    if (data.args.client_id !== params.get("client_id") || scopes.join(" ") !== "identify") {
      reply({ cmd: "AUTHORIZE", evt: "ERROR", nonce: data.nonce, data: { code: 4000, message: "bad authorize" } });
      return;
    }
    reply({ cmd: "AUTHORIZE", evt: null, nonce: data.nonce, data: { code: params.get("code") } });
  } else if (data.cmd === "AUTHENTICATE") {
    window.authenticated = data.args.access_token;
    reply({ cmd: "AUTHENTICATE", evt: null, nonce: data.nonce, data: {
      access_token: data.args.access_token,
      user: { id: params.get("user_id"), username: params.get("username"), discriminator: "0", public_flags: 0,
        avatar: null, global_name: params.get("username") },
      scopes: ["identify"],
      expires: new Date(Date.now() + 604800000).toISOString(),
      application: { id: params.get("client_id"), name: "Gammon", description: "" },
    } });
  } else {
    reply({ cmd: data.cmd, evt: "ERROR", nonce: data.nonce, data: { code: 4000, message: "not in the stand-in" } });
  }
});
