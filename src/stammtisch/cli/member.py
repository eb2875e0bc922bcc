"""`stammtisch member ...`: administration of members."""

from __future__ import annotations

from typing import Annotated

import typer

from stammtisch.services.errors import ServiceError

app = typer.Typer(help="Administer members.", no_args_is_help=True)


@app.command("vip")
def vip(
    nickname: Annotated[str, typer.Argument(help="The member's nickname.")],
    off: Annotated[
        bool, typer.Option("--off", help="Withdraw VIP instead of granting it.")
    ] = False,
) -> None:
    """Grant VIP (6 concurrent games instead of 3) to a member, or withdraw it with --off."""
    from stammtisch.services.platform import build_platform
    from stammtisch.settings import Settings

    platform = build_platform(Settings())
    try:
        member = platform.accounts.set_vip(nickname, not off)
    except ServiceError as error:
        typer.echo(error.message, err=True)
        raise typer.Exit(1) from None
    finally:
        platform.close()
    typer.echo(f"{member.nickname} is {'now' if member.is_vip else 'no longer'} a VIP.")
