"""Adapters to training libraries. Each module imports its library, so import
the one you use (``from rlpool.integrations.sb3 import RlpoolVecEnv``);
``import rlpool`` imports none of them."""
