# `types` for tracelift (crates/vm/lib; docs/stdlib.md): so far `GenericAlias`
# (`list[int]`), `UnionType` (`int | None`) and `NoneType`, from `_generic_alias`, which the
# VM uses to make them.
from _generic_alias import GenericAlias, UnionType, NoneType
