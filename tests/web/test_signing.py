"""The links' signatures (issue 34): a link names what it was signed for and nothing else; any change, another
secret or another kind of page fails the check."""

from __future__ import annotations

from bot.web import signing

SECRET = "s" * 40


def test_a_signed_link_names_its_match() -> None:
    token = signing.token(SECRET, "m", 42)
    assert signing.verify(SECRET, "m", token) == (42,)
    assert signing.match_path(SECRET, 42) == f"/m/{token}"
    assert signing.match_url("https://gammon.example/", SECRET, 42) == f"https://gammon.example/m/{token}"


def test_a_players_link_names_the_server_and_the_player() -> None:
    token = signing.token(SECRET, "p", 7, 99)
    assert token.startswith("7.99-")
    assert signing.verify(SECRET, "p", token) == (7, 99)


def test_forged_links_fail() -> None:
    token = signing.token(SECRET, "m", 42)
    ids, signature = token.split("-", 1)
    flipped = ("A" if signature[0] != "A" else "B") + signature[1:]
    assert signing.verify(SECRET, "m", f"{ids}-{flipped}") is None
    assert signing.verify(SECRET, "m", f"43-{signature}") is None  # another match, same signature
    assert signing.verify("t" * 40, "m", token) is None  # another secret
    assert signing.verify(SECRET, "s", token) is None  # a match's link is no server's link
    for bad in ("", "42", "42-", f"42-{signature}x", f"-42-{signature}", f"4 2-{signature}", f"42-{signature[:-1]}"):
        assert signing.verify(SECRET, "m", bad) is None, bad


def test_signatures_differ_by_kind_and_ids() -> None:
    seen = {signing.signature(SECRET, kind, ids) for kind in signing.KINDS for ids in ("1", "2", "1.2")}
    assert len(seen) == 9
    assert all(len(signature) == signing.SIGNATURE_LENGTH for signature in seen)


def test_a_link_names_as_many_ids_as_its_kind_each_one_the_database_can_hold() -> None:
    assert signing.verify(SECRET, "m", signing.token(SECRET, "m", signing.MAX_ID)) == (signing.MAX_ID,)
    for kind, ids in (
        ("m", (42, 42)),
        ("s", (7, 1)),
        ("p", (7,)),
        ("m", (10**20 - 1,)),
        ("p", (7, 2**63)),
        ("m", (0,)),
    ):
        assert signing.verify(SECRET, kind, signing.token(SECRET, kind, *ids)) is None, (kind, ids)
