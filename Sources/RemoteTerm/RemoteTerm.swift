// The library rterm's users import: every layer but the ncurses screen, re-exported.
@_exported import RemoteTermBatch
@_exported import RemoteTermCore
@_exported import RemoteTermEngine
@_exported import RemoteTermFront
@_exported import RemoteTermLoop
@_exported import RemoteTermSSH
