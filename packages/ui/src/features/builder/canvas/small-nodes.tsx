/**
 * The canvas's structural marks: a junction (where a loop body ends, where branches meet), the
 * end of the flow, and the box drawn around a loop's body. None of them is interactive.
 */
import { Handle, Position } from '@xyflow/react';
import { memo } from 'react';

/** A dot joining edges. */
export const JunctionNode = memo(function JunctionNode() {
  return (
    <div className="junction">
      <Handle type="target" position={Position.Top} isConnectable={false} className="card-handle" />
      <Handle type="source" position={Position.Bottom} isConnectable={false} className="card-handle" />
    </div>
  );
});

/** The "End" mark under the last step. */
export const EndNode = memo(function EndNode() {
  return (
    <div className="flow-end">
      <Handle type="target" position={Position.Top} isConnectable={false} className="card-handle" />
      End
    </div>
  );
});

/** The box around a loop's body. */
export const LoopBodyNode = memo(function LoopBodyNode() {
  return (
    <div className="loop-body">
      <span className="loop-body-label">For each item</span>
    </div>
  );
});
