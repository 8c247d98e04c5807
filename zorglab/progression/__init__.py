"""Player progression (FR-4, ZR-21): a profile of wins and bonuses that opens contracts.

- :mod:`~zorglab.progression.profile` — the profile value and its JSON file (atomic writes);
- :mod:`~zorglab.progression.standing` — open / locked / unwritten contracts from the points;
- :mod:`~zorglab.progression.record` — recording a win only after replaying it to a real win;
- :mod:`~zorglab.progression.campaign` — the level pack by id and its contract list.
"""

from zorglab.progression.campaign import Campaign, load_campaign
from zorglab.progression.profile import (LevelProgress, Profile, load_profile, profile_from_json, profile_problems_in,
                                        save_profile, update_profile)
from zorglab.progression.record import WinRecord, bonuses_met, record_win, replay
from zorglab.progression.standing import (
    LOCKED,
    OPEN,
    UNWRITTEN,
    ContractStanding,
    bonus_count,
    contract_status,
    standings,
)

__all__ = [
    "Campaign", "ContractStanding", "LOCKED", "LevelProgress", "OPEN", "Profile", "UNWRITTEN", "WinRecord",
    "bonus_count", "bonuses_met", "contract_status", "load_campaign", "load_profile", "profile_from_json",
    "profile_problems_in", "record_win", "replay", "save_profile", "standings", "update_profile",
]
