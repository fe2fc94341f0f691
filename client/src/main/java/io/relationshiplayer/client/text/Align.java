package io.relationshiplayer.client.text;

/** Which side of its column a cell keeps to: text to the left, numbers to the right, so that digits line up. */
public enum Align {
    LEFT,
    RIGHT
}
