"""Proposing levels (issue 17): a generator a designer steers with a brief.

``propose(brief, seed=...)`` drafts levels around what the brief pins (:mod:`.draft`), proves each
with the exact search and measures it with the difficulty measure (:mod:`.prove`), ranks the ones
meeting the targets and keeps them different (:mod:`.rank`), serially or on dask (:mod:`.batch`);
:func:`write_candidate` writes one as a normal level file with its witness (:mod:`.write`).
"""

from zorglab.propose.batch import Proposal, propose
from zorglab.propose.brief import Brief, Span, brief_from
from zorglab.propose.prove import Candidate, prove
from zorglab.propose.rank import rank
from zorglab.propose.write import write_candidate

__all__ = ["Brief", "Candidate", "Proposal", "Span", "brief_from", "propose", "prove", "rank", "write_candidate"]
