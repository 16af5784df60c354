"""Research interfaces over the core contract: PettingZoo (``adapters.pettingzoo``),
OpenSpiel (``adapters.openspiel``) and the final-result rewards they share
(``adapters.rewards``), all built on the games' fixed encodings (``core.encoding``).

They need the ``research`` extra (``pip install 'dragontable[research]'``).
"""
