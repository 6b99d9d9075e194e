"""The live board, a Discord Activity: its sign-in (the page's OAuth2 code exchanged with Discord for the member's id
and a short-lived signed session), the board's state as JSON over a WebSocket, and the players' actions through the
same service as a button press. docs/activity.md."""
