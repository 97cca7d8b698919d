"""Meta-World 3.0.0 made runnable under mujoco 4.0.0, for the metaworld
alignment tests (never loaded by ``import rlpool``; rlpool's own envs do not
use Meta-World's code).

The shim: ``SawyerMocapBase.reset_mocap_welds`` writes an 11-number row into
each weld's ``model.eq_data`` (anchor 3, relative pose 3 + 4, torque scale
1). MuJoCo 4 has 12 numbers a row (``mjNEQDATA``), so the assignment fails
to broadcast and no env can be built. The shim writes the same 11 numbers
into the first 11 places and leaves the 12th as the model has it; nothing
else of Meta-World changes.
"""

from __future__ import annotations

import numpy as np

_WELD = np.array([0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -1.0, 0.0, 0.0, 0.0, 5.0])


def install_mujoco4_shim() -> None:
    """Applies the shim (idempotent)."""
    import mujoco
    from metaworld.sawyer_xyz_env import SawyerMocapBase

    if getattr(SawyerMocapBase, "_rlpool_shim", False):
        return

    def reset_mocap_welds(self) -> None:
        if self.model.nmocap > 0 and self.model.eq_data is not None:
            for i in range(self.model.eq_data.shape[0]):
                if self.model.eq_type[i] == mujoco.mjtEq.mjEQ_WELD:
                    self.model.eq_data[i, : len(_WELD)] = _WELD

    SawyerMocapBase.reset_mocap_welds = reset_mocap_welds
    SawyerMocapBase._rlpool_shim = True
