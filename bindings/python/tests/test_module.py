"""The module itself: names, exceptions, docstrings, stubs."""
import pydoc
from pathlib import Path

import retroanim


def test_version_and_names():
    assert retroanim.__version__.count(".") == 2
    for name in retroanim.__all__:
        assert hasattr(retroanim, name), name


def test_exception_hierarchy():
    for cls in (retroanim.InputError, retroanim.InvalidParameterError, retroanim.NotFoundError,
                retroanim.AlreadyPresentError, retroanim.NotInitializedError):
        assert issubclass(cls, retroanim.Error)
        assert cls.__doc__
    assert issubclass(retroanim.InvalidParameterError, ValueError)
    assert issubclass(retroanim.NotFoundError, LookupError)
    assert retroanim.Error.__module__ == "retroanim"


def test_help_reads_well():
    text = pydoc.render_doc(retroanim.Curve, renderer=pydoc.plaintext)
    assert "CKCurve::GetPos" in text
    assert "get_pos(steps) -> (positions, directions)" in text
    assert "knots() -> dict of arrays" in text
    assert "load_scene(path, encoding='cp1252'" in retroanim.load_scene.__doc__


def test_stubs_name_every_public_name():
    stub = (Path(retroanim.__file__).parent / "__init__.pyi").read_text()
    for name in retroanim.__all__:
        assert f"class {name}" in stub or f"def {name}" in stub or f"{name}:" in stub, name
