"""The plugins the module found."""

from __future__ import annotations

from . import _reconbound
from ._results import PluginsResult


def plugins() -> PluginsResult:
    """Every plugin found, every load failure with its reason and the OpenCL devices with whether each is
    usable for certified work (``reconbound plugins --json``).

    The module finds plugins exactly as the CLI does: in <libdir>/reconbound/plugins beside the
    core library it loaded, then in each folder of RECONBOUND_PLUGIN_PATH (':'-separated), read
    at the first call that needs a plugin.
    """
    return PluginsResult.from_json(_reconbound.plugins())
