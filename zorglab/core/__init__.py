"""The data model at the bottom of zorglab (issue 15 item 1): it imports nothing above it.

Values and elements (``values``), the notation's AST (``ast``), the level model (``model``),
expressions (``expr``), load limits (``limits``), geometry and tiles (``geometry``, ``tiles``),
the type registries and signatures (``registry``), argument kinds (``kinds``), the notation
printer (``printer``), the player's choices substituted into a level (``substitute``) and the
portal reach check (``portals``). The loader (``zorglab.level``) and the engine
(``zorglab.engine``) both sit on it; ``tests/test_layering.py`` checks that nothing here imports
upward.
"""
