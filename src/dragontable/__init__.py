"""dragontable: rules engines, bots and tables for three China-themed Euro games."""

__version__ = "0.1.0"
