"""What a legion could muster on every terrain: the recruit chart's highlights (rules
18.2-18.5), answered by the engine's own rules query, so the browser never repeats the rule.

A pure question about the variant and the characters the client names (a legion it may see),
with no game behind it: it reveals nothing the asker does not already know, and its answers
are cached (a legion has at most seven characters, so there are few distinct questions).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import JSONResponse

from titan.engine.queries.muster import MAX_LEGION
from titan.rules import muster_options
from titan.server.refusals import Invalid, NotFound
from titan.variant import load, variant_names

router = APIRouter(tags=["variants"])

MAX_QUERY = 200  # characters of the legion parameter: seven of the longest names and commas


@router.get("/api/variants/{name}/musters")
async def musters(
    name: str,
    legion: Annotated[str, Query(max_length=MAX_QUERY)] = "",
    titan_variant: bool = False,
) -> JSONResponse:
    """For a legion of the named characters (comma-separated), each terrain's recruits it
    could muster there, stacks permitting (18.3, 18.5; ``titan_variant``: rule 21's tower
    creatures)."""
    if name not in variant_names():
        raise NotFound(f"no variant named {name!r}", path="name")
    names = tuple(sorted(n for n in legion.split(",") if n))
    known = load(name).characters
    unknown = [n for n in names if n not in known]
    if unknown:
        raise Invalid(f"no character named {unknown[0][:40]!r}", path="legion")
    if len(names) > MAX_LEGION:
        raise Invalid(f"a legion holds at most {MAX_LEGION} characters (4.1)", "4.1", "legion")
    return JSONResponse(
        {"terrains": _chart(name, names, titan_variant)},
        headers={"Cache-Control": "max-age=3600"},
    )


@lru_cache(maxsize=4096)
def _chart(name: str, legion: tuple[str, ...], titan_variant: bool) -> dict[str, list[str]]:
    variant = load(name)
    terrains = sorted({land.terrain for land in variant.masterboard.lands.values()})
    have = list(Counter(legion).elements())
    return {
        terrain: sorted(muster_options(variant, terrain, have, titan_variant=titan_variant))
        for terrain in terrains
    }
