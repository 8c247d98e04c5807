"""The Studio's live figures (issue 14): what its analysis panel and the level browser show for a
level being edited, computed within a cap and stopped promptly by a newer edit.

:mod:`~zorglab.widgets.live.summary` puts them together (:func:`~zorglab.widgets.live.summary.summarise`);
:mod:`~zorglab.widgets.live.setup_figures` reads the level and computes one setup's figures,
:mod:`~zorglab.widgets.live.survey` surveys every layout (kept and resumed per level),
:mod:`~zorglab.widgets.live.choices` says which choices win on a layout, and
:mod:`~zorglab.widgets.live.clock` holds the stops. The figures use the same searches and definitions
as the difficulty report (:mod:`zorglab.reports`); only the widgets use them.
"""
