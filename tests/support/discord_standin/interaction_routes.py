"""The REST routes of interactions: the callback that acknowledges one, within 3 seconds and once, and the
webhook routes its token opens for 15 minutes (followups, the original response and the followups' edits)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import limits
from .channel_routes import edit_bot_message
from .model import LOADING_FLAG, Interaction, Message
from .rest_io import Files, describe, discord_error, invalid_form, json_response, over_limits, read_body, unknown

if TYPE_CHECKING:
    from .server import DiscordStandin

# Interaction callback types allowed for each interaction type (2 command, 3 component, 4 autocomplete, 5 modal
# submit: a form sent from a message's button may also update that message, 6 and 7; a form cannot open a form).
#: 12 (launch the application's Activity) only for an application with Activities on (`standin.activities`).
ALLOWED_CALLBACKS = {2: {4, 5, 9, 12}, 3: {4, 5, 6, 7, 9, 12}, 4: {8}, 5: {4, 5, 6, 7}}
MESSAGE_CALLBACKS = {4, 7}


class InteractionRoutes:
    """Interaction callbacks and webhooks, bound to one stand-in."""

    def __init__(self, standin: DiscordStandin) -> None:
        self.standin = standin

    async def callback(self, request: web.Request) -> web.Response:
        interaction = self.standin.interactions.get(int(request.match_info["interaction_id"]))
        where = describe(request)
        if interaction is None or interaction.token != request.match_info["token"]:
            self.standin.violate("interaction callback", "callback for an interaction that does not exist", where)
            return unknown("interaction", 10062)
        now = self.standin.now()
        if interaction.acknowledged_at is not None:
            interaction.extra_acknowledgements += 1
            self.standin.violate(
                "acknowledge once", f"{interaction.kind} {interaction.name!r} acknowledged again", where
            )
            return discord_error(400, 40060, "Interaction has already been acknowledged.")
        elapsed = now - interaction.dispatched_at
        if elapsed > limits.ACK_DEADLINE_SECONDS:
            detail = f"{interaction.kind} {interaction.name!r} acknowledged after {elapsed:.2f} s"
            self._reject(interaction, "acknowledge within 3 s", detail, where)
            return unknown("interaction", 10062)
        body, files = await read_body(request)
        kind, data = body.get("type"), body.get("data") or {}
        if kind not in ALLOWED_CALLBACKS.get(interaction.type, set()):
            problem = limits.Problem("type", f"Callback type {kind} is not valid for a {interaction.kind}")
            self._reject(interaction, "interaction callback", str(problem), where)
            return invalid_form([problem])
        if kind == 12 and not self.standin.activities:
            self._reject(interaction, "interaction callback", "Activities are off for this application", where)
            return discord_error(400, 50236, "This application has no Activity")
        problems = limits.check_choices(data.get("choices") or []) if kind == 8 else []
        if kind == 9:
            problems = limits.check_modal(data)
        if kind in MESSAGE_CALLBACKS:
            problems = limits.check_message(data, [len(f[1]) for f in files])
        if kind == 4:
            problems += limits.check_not_empty(data, len(files))
        if problems:
            self._reject(interaction, "message limits", "; ".join(map(str, problems)), where)
            return over_limits(problems)
        if interaction.channel_id not in self.standin.channels:
            return unknown("Channel", 10003)  # deleted since the interaction was sent
        interaction.response_type = kind
        interaction.acknowledged_at = now
        await self._apply_callback(interaction, kind, data, files)
        interaction._acknowledged.set()
        interaction._answered.set()
        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        return json_response(self._callback_response(interaction, kind))

    def _reject(self, interaction: Interaction, rule: str, detail: str, where: str) -> None:
        """A refused callback: Discord answers with an error and the player sees "This interaction failed"."""
        self.standin.violate(rule, detail, where)
        interaction.rejections.append(f"{rule}: {detail}")
        interaction._answered.set()

    async def _apply_callback(self, interaction: Interaction, kind: int, data: dict[str, Any], files: Files) -> None:
        channel = self.standin.channels[interaction.channel_id]
        if kind in (4, 5):
            flags = LOADING_FLAG if kind == 5 else 0
            message_type = 20 if interaction.type == 2 else 19
            interaction.original = await self.standin.new_message(
                channel,
                self.standin.bot_user,
                body=data,
                files=files,
                interaction=interaction,
                message_type=message_type,
                extra_flags=flags,
            )
        elif kind == 6:
            interaction.original = interaction.message
        elif kind == 7 and interaction.message is not None:
            interaction.original = interaction.message
            await self.standin.edit_message(interaction.message, data, files)
        elif kind == 8:
            interaction.choices = data.get("choices") or []
        elif kind == 9:
            interaction.modal = data

    def _callback_response(self, interaction: Interaction, kind: int) -> dict[str, Any]:
        summary: dict[str, Any] = {"id": str(interaction.id), "type": interaction.type}
        resource: dict[str, Any] = {"type": kind}
        if interaction.original is not None and kind in (4, 5, 7):
            summary["response_message_id"] = str(interaction.original.id)
            summary["response_message_loading"] = kind == 5
            summary["response_message_ephemeral"] = interaction.original.ephemeral
            resource["message"] = interaction.original.payload(self.standin.application_id)
        return {"interaction": summary, "resource": resource}

    def _webhook_interaction(self, request: web.Request) -> Interaction | web.Response:
        interaction = self.standin.interactions_by_token.get(request.match_info["token"])
        where = describe(request)
        if interaction is None or int(request.match_info["app_id"]) != self.standin.application_id:
            self.standin.violate("interaction webhook", "unknown application id or interaction token", where)
            return unknown("Webhook", 10015)
        age = self.standin.now() - interaction.dispatched_at
        if age > limits.TOKEN_LIFETIME_SECONDS:
            self.standin.violate(
                "token valid 15 minutes", f"interaction token used after {age / 60:.1f} minutes", where
            )
            return discord_error(401, 50027, "Invalid Webhook Token")
        if interaction.acknowledged_at is None:
            self.standin.violate(
                "interaction webhook", "followup or edit before the interaction was acknowledged", where
            )
            return unknown("Webhook", 10015)
        return interaction

    def _webhook_message(self, interaction: Interaction, message_id: str) -> Message | None:
        if message_id == "@original":
            return interaction.original
        message = self.standin.messages.get(int(message_id)) if message_id.isdigit() else None
        if message is None or (message is not interaction.original and message not in interaction.followups):
            return None
        return message

    async def followup(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        if isinstance(interaction, web.Response):
            return interaction
        body, files = await read_body(request)
        problems = limits.check_message(body, [len(f[1]) for f in files]) + limits.check_not_empty(body, len(files))
        if problems:
            self.standin.violate("message limits", "; ".join(map(str, problems)), describe(request))
            return over_limits(problems)
        if interaction.channel_id not in self.standin.channels:
            return unknown("Channel", 10003)
        original = interaction.original
        if interaction.response_type == 5 and original is not None and original.loading and not original.deleted:
            # Discord: the first followup after a deferred response replaces the "thinking" message (once that
            # message is deleted, a followup is a message of its own).
            await self.standin.edit_message(original, body, files)
            message = original
        else:
            channel = self.standin.channels[interaction.channel_id]
            message = await self.standin.new_message(
                channel, self.standin.bot_user, body=body, files=files, interaction=interaction, message_type=19
            )
            interaction.followups.append(message)
        if message.ephemeral:
            message.visible_to = interaction.user.id
        return json_response(message.payload(self.standin.application_id))

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        if isinstance(interaction, web.Response):
            return interaction
        message = self._webhook_message(interaction, request.match_info["message_id"])
        return json_response(message.payload(self.standin.application_id)) if message else unknown("Message", 10008)

    async def edit_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        if isinstance(interaction, web.Response):
            return interaction
        message = self._webhook_message(interaction, request.match_info["message_id"])
        if message is None or message.deleted:
            self.standin.violate(
                "interaction webhook", "edit of a message this interaction does not own", describe(request)
            )
            return unknown("Message", 10008)
        return await edit_bot_message(self.standin, request, message)

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        if isinstance(interaction, web.Response):
            return interaction
        message = self._webhook_message(interaction, request.match_info["message_id"])
        if message is None or message.deleted:
            return unknown("Message", 10008)
        await self.standin.delete_message(message)
        return web.Response(status=204)
