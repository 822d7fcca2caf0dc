#pragma once

namespace bonescope::widgets {

/// One press-and-hold (or drag) of a spin box's arrow as one undo step: a number, the same from
/// the press to the release and new at each press, that the panels pass with each edit so the
/// undo stack merges the edits of one hold; 0 while nothing is held.
class HoldSession {
public:
    void press() { m_current = ++m_last; }
    void release() { m_current = 0; }
    int current() const { return m_current; }

private:
    int m_current = 0;
    int m_last = 0;
};

} // namespace bonescope::widgets
