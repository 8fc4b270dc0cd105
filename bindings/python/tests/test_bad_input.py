"""Bad input: truncated and mutated files raise retroanim.InputError with the
library's one-line message, never crash (hypothesis for the mutations)."""
import pytest

import retroanim

hypothesis = pytest.importorskip("hypothesis", reason="python3-hypothesis is not installed")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@pytest.fixture(scope="module")
def nmo(demo):
    return (demo / "ck_play_demo.nmo").read_bytes()


@pytest.fixture(scope="module")
def dat(demo):
    return (demo / "ac" / "demo.dat").read_bytes()


def exercise_scene(s):
    for c in s.curves:
        try:
            c.get_pos([0.0, 0.5, 1.0])
        except retroanim.InvalidParameterError:
            pass
    for a in s.object_animations:
        if a.entity is not None:
            a.sample([0.0, 0.5])
        a.keys()
    for k in s.keyed_animations:
        k.sample([0.5])
    s.to_bytes()


def exercise_dat(d):
    for t in (0x02, 0x03, 0x09):
        try:
            ids = d.ids(t)
        except retroanim.InputError as e:  # a damaged B-tree is found when it is walked
            assert "\n" not in str(e)
            continue
        for i in ids:
            try:
                if t == 0x03:
                    d.animation(i).frames
                elif t == 0x02:
                    d.setup(i).placement_frames
                else:
                    d.motion_table(i).cycles
            except retroanim.Error as e:  # InputError, or NotFoundError when a damaged entry is not of its id's type
                assert "\n" not in str(e)


def test_truncated_nmo(nmo):
    for n in list(range(0, 64)) + list(range(64, len(nmo), max(1, len(nmo) // 200))):
        with pytest.raises(retroanim.InputError) as e:
            retroanim.load_scene(nmo[:n])
        msg = str(e.value)
        assert msg.startswith("<bytes>") and "\n" not in msg


def test_truncated_dat(dat):
    for n in list(range(0, 64)) + list(range(64, len(dat), max(1, len(dat) // 100))):
        try:
            d = retroanim.Dat.from_bytes(dat[:n])
            exercise_dat(d)
        except retroanim.InputError as e:
            assert "\n" not in str(e)


def test_not_a_file(tmp_path):
    with pytest.raises(retroanim.InputError, match="missing.nmo"):
        retroanim.load_scene(tmp_path / "missing.nmo")
    (tmp_path / "text.nmo").write_text("hello, this is not a composition\n" * 20)
    with pytest.raises(retroanim.InputError, match="not a Virtools file"):
        retroanim.load_scene(tmp_path / "text.nmo")


@settings(max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_nmo(nmo, data):
    b = bytearray(nmo)
    for _ in range(data.draw(st.integers(1, 8))):
        b[data.draw(st.integers(0, len(b) - 1))] = data.draw(st.integers(0, 255))
    try:
        s = retroanim.load_scene(bytes(b), ignore_crc=True)
    except retroanim.InputError as e:
        assert "\n" not in str(e)
        return
    exercise_scene(s)


@settings(max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_dat(dat, data):
    b = bytearray(dat)
    for _ in range(data.draw(st.integers(1, 8))):
        b[data.draw(st.integers(0, len(b) - 1))] = data.draw(st.integers(0, 255))
    try:
        d = retroanim.Dat.from_bytes(bytes(b))
    except retroanim.InputError:
        return
    exercise_dat(d)


@settings(max_examples=200, deadline=None, database=None)
@given(st.binary(max_size=512))
def test_random_bytes(b):
    with pytest.raises(retroanim.InputError):
        retroanim.load_scene(b)
