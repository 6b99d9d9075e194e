// The Embedded App SDK as one global for the Activity's page script (bot/web/static/activity.js), which is served
// as it is; only this file is bundled (npm run bundle, at set-up).
import { DiscordSDK } from "@discord/embedded-app-sdk";

window.GammonDiscordSDK = DiscordSDK;
